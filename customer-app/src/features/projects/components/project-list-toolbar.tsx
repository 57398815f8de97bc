import Search from '@mui/icons-material/Search';
import ViewList from '@mui/icons-material/ViewList';
import ViewModule from '@mui/icons-material/ViewModule';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import InputLabel from '@mui/material/InputLabel';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { PROJECT_SORT_FIELDS, type ProjectStatus } from '@portal/resources';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useI18n } from '../../../i18n/i18n';
import {
  NO_GROUP,
  PROJECT_STATUSES,
  defaultOrder,
  isFiltered,
  type GroupBy,
  type ListView,
  type ProjectListState,
  type ProjectSortField,
  type SortOrder,
} from '../model/list-state';

interface ToolbarProps {
  state: ProjectListState;
  groups: readonly string[];
  onChange: (change: Partial<ProjectListState>) => void;
}

const GROUP_BY: readonly GroupBy[] = ['none', 'group', 'status'];

/** Search, filters (status, group), sorting (every option of spec §9), grouping and the list/table switch. */
export function ProjectListToolbar({ state, groups, onChange }: ToolbarProps) {
  const { t } = useI18n();
  const ids = { status: useId(), group: useId(), sort: useId(), order: useId(), groupBy: useId() };
  const [query, setQuery] = useState(state.q);
  // The URL is the source: Back, a link or "clear filters" change it under the field.
  useEffect(() => setQuery(state.q), [state.q]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onChange({ q: query.trim() });
  };
  const statusLabel = (status: ProjectStatus) => t(`project.status.${status}`);

  return (
    <Box
      component="section"
      aria-label={t('projects.toolbar.label')}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 3 }}
    >
      <Box component="form" role="search" onSubmit={submit} sx={{ flex: '2 1 20rem', minWidth: '14rem' }}>
        <TextField
          fullWidth
          size="small"
          type="search"
          label={t('projects.toolbar.search')}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          onBlur={() => query.trim() !== state.q && onChange({ q: query.trim() })}
          slotProps={{
            input: {
              endAdornment: (
                <InputAdornment position="end">
                  <IconButton type="submit" edge="end" aria-label={t('projects.toolbar.searchSubmit')}>
                    <Search />
                  </IconButton>
                </InputAdornment>
              ),
            },
          }}
        />
      </Box>

      <FormControl size="small" sx={{ minWidth: '11rem' }}>
        <InputLabel id={ids.status} shrink>
          {t('projects.toolbar.status')}
        </InputLabel>
        <Select<ProjectStatus[]>
          labelId={ids.status}
          label={t('projects.toolbar.status')}
          notched
          multiple
          value={state.status}
          renderValue={(selected) =>
            selected.length ? selected.map(statusLabel).join(', ') : t('projects.toolbar.allStatuses')
          }
          displayEmpty
          onChange={(event) => {
            const value = event.target.value;
            onChange({ status: (typeof value === 'string' ? value.split(',') : value) as ProjectStatus[] });
          }}
        >
          {PROJECT_STATUSES.map((status) => (
            <MenuItem key={status} value={status}>
              <Checkbox size="small" checked={state.status.includes(status)} sx={{ py: 0 }} />
              <ListItemText primary={statusLabel(status)} />
            </MenuItem>
          ))}
        </Select>
      </FormControl>

      <FormControl size="small" sx={{ minWidth: '10rem' }}>
        <InputLabel id={ids.group} shrink>
          {t('projects.toolbar.group')}
        </InputLabel>
        <Select
          labelId={ids.group}
          label={t('projects.toolbar.group')}
          notched
          value={state.group}
          displayEmpty
          renderValue={(value) =>
            value === ''
              ? t('projects.toolbar.allGroups')
              : value === NO_GROUP
                ? t('projects.noGroup')
                : value
          }
          onChange={(event) => onChange({ group: event.target.value })}
        >
          <MenuItem value="">{t('projects.toolbar.allGroups')}</MenuItem>
          <MenuItem value={NO_GROUP}>{t('projects.noGroup')}</MenuItem>
          {groups.map((group) => (
            <MenuItem key={group} value={group}>
              {group}
            </MenuItem>
          ))}
          {state.group && state.group !== NO_GROUP && !groups.includes(state.group) && (
            <MenuItem value={state.group}>{state.group}</MenuItem>
          )}
        </Select>
      </FormControl>

      <FormControl size="small" sx={{ minWidth: '11rem' }}>
        <InputLabel id={ids.sort}>{t('projects.toolbar.sort')}</InputLabel>
        <Select<ProjectSortField>
          labelId={ids.sort}
          label={t('projects.toolbar.sort')}
          value={state.sort}
          onChange={(event) => {
            const sort = event.target.value as ProjectSortField;
            onChange({ sort, order: defaultOrder(sort) });
          }}
        >
          {PROJECT_SORT_FIELDS.map((field) => (
            <MenuItem key={field} value={field}>
              {t(`projects.sort.${field}`)}
            </MenuItem>
          ))}
        </Select>
      </FormControl>

      <FormControl size="small" sx={{ minWidth: '9rem' }}>
        <InputLabel id={ids.order}>{t('projects.toolbar.order')}</InputLabel>
        <Select<SortOrder>
          labelId={ids.order}
          label={t('projects.toolbar.order')}
          value={state.order}
          onChange={(event) => onChange({ order: event.target.value as SortOrder })}
        >
          <MenuItem value="ASC">{t('projects.toolbar.ascending')}</MenuItem>
          <MenuItem value="DESC">{t('projects.toolbar.descending')}</MenuItem>
        </Select>
      </FormControl>

      <FormControl size="small" sx={{ minWidth: '10rem' }}>
        <InputLabel id={ids.groupBy}>{t('projects.toolbar.groupBy')}</InputLabel>
        <Select<GroupBy>
          labelId={ids.groupBy}
          label={t('projects.toolbar.groupBy')}
          value={state.groupBy}
          onChange={(event) => onChange({ groupBy: event.target.value as GroupBy })}
        >
          {GROUP_BY.map((by) => (
            <MenuItem key={by} value={by}>
              {t(`projects.groupBy.${by}`)}
            </MenuItem>
          ))}
        </Select>
      </FormControl>

      <ToggleButtonGroup
        size="small"
        exclusive
        value={state.view}
        aria-label={t('projects.toolbar.view')}
        onChange={(_event, view: ListView | null) => view && onChange({ view })}
      >
        <ToggleButton value="list" sx={{ gap: 0.5, textTransform: 'none' }}>
          <ViewModule fontSize="small" aria-hidden="true" />
          {t('projects.view.list')}
        </ToggleButton>
        <ToggleButton value="table" sx={{ gap: 0.5, textTransform: 'none' }}>
          <ViewList fontSize="small" aria-hidden="true" />
          {t('projects.view.table')}
        </ToggleButton>
      </ToggleButtonGroup>

      {isFiltered(state) && (
        <Button onClick={() => onChange({ q: '', status: [], group: '' })}>
          {t('projects.toolbar.clear')}
        </Button>
      )}
    </Box>
  );
}
