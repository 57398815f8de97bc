import { PROJECT_SORT_FIELDS, type ProjectStatus } from '@portal/resources';
import { Suspense, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { lazyPart } from '../../../app/lazy-page';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/field';
import { SvgIcon } from '../../../components/ui/icon';
import { search } from '../../../components/ui/page-icons';
import { viewList, viewModule } from './project-icons';
import { useI18n } from '../../../i18n/i18n';
import ui from '../../../styles/ui.module.css';
import {
  NO_GROUP,
  defaultOrder,
  isFiltered,
  type GroupBy,
  type ListView,
  type ProjectListState,
  type ProjectSortField,
  type SortOrder,
} from '../model/list-state';
import styles from './project-list.module.css';

// A menu with MUI: it loads when the status filter opens, not with the list.
const StatusMenu = lazyPart(() => import('./status-menu').then((m) => ({ default: m.StatusMenu })));

interface ToolbarProps {
  state: ProjectListState;
  groups: readonly string[];
  onChange: (change: Partial<ProjectListState>) => void;
}

const GROUP_BY: readonly GroupBy[] = ['none', 'group', 'status'];
const VIEWS: readonly { view: ListView; icon: string }[] = [
  { view: 'list', icon: viewModule },
  { view: 'table', icon: viewList },
];

/** Search, filters (status, group), sorting (every option of spec §9), grouping and the list/table switch. */
export function ProjectListToolbar({ state, groups, onChange }: ToolbarProps) {
  const { t } = useI18n();
  const searchId = useId();
  const [query, setQuery] = useState(state.q);
  // The URL is the source: Back, a link or "clear filters" change it under the field.
  useEffect(() => setQuery(state.q), [state.q]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onChange({ q: query.trim() });
  };

  return (
    <section aria-label={t('projects.toolbar.label')} className={styles.toolbar}>
      <form role="search" onSubmit={submit} className={styles.searchForm}>
        <span className={`${ui.field} ${styles.searchField}`}>
          <label htmlFor={searchId}>{t('projects.toolbar.search')}</label>
          <input
            id={searchId}
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            onBlur={() => query.trim() !== state.q && onChange({ q: query.trim() })}
          />
          <button
            type="submit"
            className={`${ui.iconButton} ${styles.searchSubmit}`}
            aria-label={t('projects.toolbar.searchSubmit')}
          >
            <SvgIcon d={search} />
          </button>
        </span>
      </form>

      <StatusFilter selected={state.status} onChange={(status) => onChange({ status })} />

      <SelectField
        label={t('projects.toolbar.group')}
        className={styles.groupField}
        value={state.group}
        onChange={(event) => onChange({ group: event.target.value })}
      >
        <option value="">{t('projects.toolbar.allGroups')}</option>
        <option value={NO_GROUP}>{t('projects.noGroup')}</option>
        {groups.map((group) => (
          <option key={group} value={group}>
            {group}
          </option>
        ))}
        {state.group && state.group !== NO_GROUP && !groups.includes(state.group) && (
          <option value={state.group}>{state.group}</option>
        )}
      </SelectField>

      <SelectField
        label={t('projects.toolbar.sort')}
        className={styles.sortField}
        value={state.sort}
        onChange={(event) => {
          const sort = event.target.value as ProjectSortField;
          onChange({ sort, order: defaultOrder(sort) });
        }}
      >
        {PROJECT_SORT_FIELDS.map((field) => (
          <option key={field} value={field}>
            {t(`projects.sort.${field}`)}
          </option>
        ))}
      </SelectField>

      <SelectField
        label={t('projects.toolbar.order')}
        className={styles.orderField}
        value={state.order}
        onChange={(event) => onChange({ order: event.target.value as SortOrder })}
      >
        <option value="ASC">{t('projects.toolbar.ascending')}</option>
        <option value="DESC">{t('projects.toolbar.descending')}</option>
      </SelectField>

      <SelectField
        label={t('projects.toolbar.groupBy')}
        className={styles.groupField}
        value={state.groupBy}
        onChange={(event) => onChange({ groupBy: event.target.value as GroupBy })}
      >
        {GROUP_BY.map((by) => (
          <option key={by} value={by}>
            {t(`projects.groupBy.${by}`)}
          </option>
        ))}
      </SelectField>

      <div role="group" aria-label={t('projects.toolbar.view')} className={styles.views}>
        {VIEWS.map(({ view, icon }) => (
          <button
            key={view}
            type="button"
            aria-pressed={state.view === view}
            className={styles.viewButton}
            onClick={() => onChange({ view })}
          >
            <SvgIcon d={icon} small />
            {t(`projects.view.${view}`)}
          </button>
        ))}
      </div>

      {isFiltered(state) && (
        <Button onClick={() => onChange({ q: '', status: [], group: '' })}>
          {t('projects.toolbar.clear')}
        </Button>
      )}
    </section>
  );
}

/** The status filter: a field that opens a list box of several choices (the menu loads when it opens). */
function StatusFilter({
  selected,
  onChange,
}: {
  selected: readonly ProjectStatus[];
  onChange: (status: ProjectStatus[]) => void;
}) {
  const { t } = useI18n();
  const labelId = useId();
  const valueId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const toggle = (status: ProjectStatus) =>
    onChange(selected.includes(status) ? selected.filter((s) => s !== status) : [...selected, status]);
  return (
    <span className={`${ui.field} ${styles.statusField}`}>
      <label id={labelId}>{t('projects.toolbar.status')}</label>
      <button
        ref={button}
        type="button"
        role="combobox"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-labelledby={`${labelId} ${valueId}`}
        className={styles.statusButton}
        onClick={() => setOpen(true)}
      >
        <span id={valueId}>
          {selected.length
            ? selected.map((status) => t(`project.status.${status}`)).join(', ')
            : t('projects.toolbar.allStatuses')}
        </span>
      </button>
      {open && button.current && (
        <Suspense fallback={null}>
          <StatusMenu
            anchor={button.current}
            labelledBy={labelId}
            selected={selected}
            onToggle={toggle}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </span>
  );
}
