import { Role, hasRole, type Project, type User } from '@portal/resources';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Suspense, useMemo, type ReactElement } from 'react';
import { useSearchParams } from 'react-router';
import { lazyPart } from '../../../app/lazy-page';
import { DocumentTitle } from '../../../components/document-title';
import { EmptyState } from '../../../components/query-states';
import { Button, ButtonLink } from '../../../components/ui/button';
import { SvgIcon } from '../../../components/ui/icon';
import { add, folderOpen, qrCodeScanner } from '../components/project-icons';
import { useI18n } from '../../../i18n/i18n';
import { usePortal } from '../../../lib/portal-context';
import { paths } from '../../../paths';
import { useCurrentUser } from '../../../session/current-user';
import { useSessionUser } from '../../../session/use-session-user';
import ui from '../../../styles/ui.module.css';
import { hasSecureProjectsQuery, myProjectsQuery, projectGroupsQuery } from '../api/project-list';
import { IncompleteListAlert, type IncompleteReason } from '../components/incomplete-list-alert';
import { LoadError, LoadingBlock } from '../components/load-state';
import { ProjectCard } from '../components/project-card';
import styles from '../components/project-list.module.css';
import { ProjectListToolbar } from '../components/project-list-toolbar';
import { ProjectsGreeting } from '../components/projects-greeting';
import {
  NO_GROUP,
  defaultOrder,
  groupProjects,
  isFiltered,
  readListState,
  writeListState,
  type ProjectListState,
  type ProjectSection,
  type ProjectSortField,
} from '../model/list-state';

// The table view is chosen in the toolbar (the list of cards is the default): it loads when first shown, which
// keeps the first load of /my/projects within its budget (issue 20).
const ProjectTable = lazyPart(() =>
  import('../components/project-table').then((m) => ({ default: m.ProjectTable })),
);

/**
 * `/my/projects`: the user's projects as cards or a table, filtered, sorted and grouped, page by page. The shell's
 * light components: MUI loads only with the status filter's menu.
 */
export function MyProjectsPage() {
  const { t } = useI18n();
  const { api, session } = usePortal();
  const [search, setSearch] = useSearchParams();
  const state = useMemo(() => readListState(search), [search]);
  const { data: user } = useCurrentUser();
  // Re-render when the session changes (a step-up in another tab, an expiry).
  useSessionUser();

  const list = useInfiniteQuery(myProjectsQuery(api, state));
  const hasSecure = useQuery(hasSecureProjectsQuery(api));
  const groups = useQuery(projectGroupsQuery(api));

  const update = (change: Partial<ProjectListState>) =>
    setSearch(writeListState({ ...state, ...change }), { replace: true });
  const sortBy = (field: ProjectSortField) =>
    update({
      sort: field,
      order: field === state.sort ? (state.order === 'ASC' ? 'DESC' : 'ASC') : defaultOrder(field),
    });

  const projects: Project[] = list.data?.pages.flatMap((page) => page.data) ?? [];
  const total = list.data?.pages.at(-1)?.range.total ?? 0;
  const sections = groupProjects(projects, state.groupBy);

  let incomplete: IncompleteReason | null = null;
  if (list.isFetchNextPageError) {
    incomplete = { kind: 'retry', retry: () => void list.fetchNextPage(), pending: list.isFetchingNextPage };
  } else if (hasSecure.isError) {
    incomplete = { kind: 'retry', retry: () => void hasSecure.refetch(), pending: hasSecure.isFetching };
  } else if (hasSecure.data === true && !session.isMfa()) {
    const mayOpenSecure = hasRole(user, Role.PromotedUser) || hasRole(user, Role.Admin);
    incomplete = { kind: mayOpenSecure ? 'step-up' : 'not-promoted' };
  }

  const filtered = isFiltered(state);
  const register = (
    <ButtonLink to={paths.createProject} variant="contained">
      <SvgIcon d={add} small />
      {t('projects.register')}
    </ButtonLink>
  );
  const scan = (
    <ButtonLink to={paths.qrCodeScan} variant="outlined">
      <SvgIcon d={qrCodeScanner} small />
      {t('projects.scanQrCode')}
    </ButtonLink>
  );
  return (
    <>
      <DocumentTitle title={t('page.myProjects')} />
      <div className={styles.head}>
        <div>
          <h1 className={styles.title}>{t('page.myProjects')}</h1>
          <ProjectsGreeting />
        </div>
        <div className={styles.headActions}>
          {scan}
          {register}
        </div>
      </div>

      {incomplete && <IncompleteListAlert reason={incomplete} />}

      {list.isPending ? (
        <LoadingBlock label={t('projects.loading')} lines={4} />
      ) : list.isError && !list.isFetchNextPageError ? (
        <LoadError error={list.error} onRetry={() => void list.refetch()} />
      ) : projects.length === 0 && !filtered ? (
        <NoProjects register={register} scan={scan} />
      ) : (
        <>
          <ProjectListToolbar state={state} groups={groups.data ?? []} onChange={update} />
          <p role="status" className={`${ui.secondaryText} ${styles.count}`}>
            {t('projects.count', { count: total })}
          </p>
          {projects.length === 0 ? (
            <div className={`${ui.paper} ${styles.noMatch}`}>
              <h2 className={styles.noMatchTitle}>{t('projects.noMatch')}</h2>
              <Button onClick={() => update({ q: '', status: [], group: '' })}>
                {t('projects.toolbar.clear')}
              </Button>
            </div>
          ) : (
            sections.map((section) => (
              <SectionView
                key={section.key ?? NO_GROUP}
                section={section}
                state={state}
                viewer={user}
                onSort={sortBy}
              />
            ))
          )}
          {!list.hasNextPage && projects.length < total && (
            <p className={styles.more}>{t('projects.tooDeep', { shown: projects.length, total })}</p>
          )}
          {list.hasNextPage && !list.isFetchNextPageError && (
            <div className={styles.more}>
              <Button
                variant="outlined"
                onClick={() => void list.fetchNextPage()}
                disabled={list.isFetchingNextPage}
                aria-busy={list.isFetchingNextPage}
              >
                {list.isFetchingNextPage
                  ? t('projects.loadingMore')
                  : t('projects.showMore', { shown: projects.length, total })}
              </Button>
            </div>
          )}
        </>
      )}
    </>
  );
}

function SectionView({
  section,
  state,
  viewer,
  onSort,
}: {
  section: ProjectSection;
  state: ProjectListState;
  viewer: User | undefined;
  onSort: (field: ProjectSortField) => void;
}) {
  const { t } = useI18n();
  const heading =
    state.groupBy === 'none'
      ? t('projects.listHeading')
      : state.groupBy === 'status'
        ? t(`project.status.${section.projects[0]!.status}`)
        : (section.key ?? t('projects.noGroup'));
  return (
    <section aria-label={heading} className={styles.section}>
      <h2 className={state.groupBy === 'none' ? ui.visuallyHidden : styles.sectionTitle}>
        {heading}
        {state.groupBy !== 'none' && ' '}
        {state.groupBy !== 'none' && <span className={styles.sectionCount}>({section.projects.length})</span>}
      </h2>
      {state.view === 'table' ? (
        <Suspense fallback={<LoadingBlock label={t('projects.loading')} lines={4} />}>
          <ProjectTable
            projects={section.projects}
            viewer={viewer}
            sort={state.sort}
            order={state.order}
            onSort={onSort}
            caption={heading}
          />
        </Suspense>
      ) : (
        <div className={styles.cards}>
          {section.projects.map((project) => (
            <ProjectCard key={project.uuid} project={project} viewer={viewer} />
          ))}
        </div>
      )}
    </section>
  );
}

/** No project at all: what a project is, and the ways to register one. */
function NoProjects({ register, scan }: { register: ReactElement; scan: ReactElement }) {
  const { t } = useI18n();
  return (
    <EmptyState
      icon={<SvgIcon d={folderOpen} />}
      title={t('projects.empty')}
      text={t('projects.emptyText')}
      action={
        <div className={styles.emptyActions}>
          {register}
          {scan}
        </div>
      }
    />
  );
}
