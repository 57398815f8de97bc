import Add from '@mui/icons-material/Add';
import FolderOpen from '@mui/icons-material/FolderOpen';
import QrCodeScanner from '@mui/icons-material/QrCodeScanner';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Role, hasRole, type Project, type User } from '@portal/resources';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { MuiScope } from '../../../app/mui-scope';
import { DocumentTitle } from '../../../components/document-title';
import { useI18n } from '../../../i18n/i18n';
import { usePortal } from '../../../lib/portal-context';
import { paths } from '../../../paths';
import { useCurrentUser } from '../../../session/current-user';
import { useSessionUser } from '../../../session/use-session-user';
import { hasSecureProjectsQuery, myProjectsQuery, projectGroupsQuery } from '../api/project-list';
import { IncompleteListAlert, type IncompleteReason } from '../components/incomplete-list-alert';
import { LoadError, LoadingBlock } from '../components/load-state';
import { ProjectCard } from '../components/project-card';
import { ProjectListToolbar } from '../components/project-list-toolbar';
import { ProjectTable } from '../components/project-table';
import { ProjectsGreeting } from '../components/projects-greeting';
import { visuallyHidden } from '../components/visually-hidden';
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
import { flexGapFallback } from '../../../lib/flex-gap';

/** `/my/projects`: the user's projects as cards or a table, filtered, sorted and grouped, page by page. */
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
  return (
    <MuiScope>
      <DocumentTitle title={t('page.myProjects')} />
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-end' }, mb: 4 }}
      >
        <Box>
          <Typography variant="h1" gutterBottom>
            {t('page.myProjects')}
          </Typography>
          <ProjectsGreeting />
        </Box>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', ...flexGapFallback(1) }}>
          <Button
            component={RouterLink}
            to={paths.qrCodeScan}
            variant="outlined"
            startIcon={<QrCodeScanner />}
          >
            {t('projects.scanQrCode')}
          </Button>
          <Button component={RouterLink} to={paths.createProject} variant="contained" startIcon={<Add />}>
            {t('projects.register')}
          </Button>
        </Stack>
      </Stack>

      {incomplete && <IncompleteListAlert reason={incomplete} />}

      {list.isPending ? (
        <LoadingBlock label={t('projects.loading')} lines={4} />
      ) : list.isError && !list.isFetchNextPageError ? (
        <LoadError error={list.error} onRetry={() => void list.refetch()} />
      ) : projects.length === 0 && !filtered ? (
        <EmptyState />
      ) : (
        <>
          <ProjectListToolbar state={state} groups={groups.data ?? []} onChange={update} />
          <Typography role="status" color="text.secondary" sx={{ mb: 2 }}>
            {t('projects.count', { count: total })}
          </Typography>
          {projects.length === 0 ? (
            <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
              <Typography variant="h2" sx={{ fontSize: '1.25rem' }}>
                {t('projects.noMatch')}
              </Typography>
              <Button sx={{ mt: 2 }} onClick={() => update({ q: '', status: [], group: '' })}>
                {t('projects.toolbar.clear')}
              </Button>
            </Paper>
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
          {list.hasNextPage && !list.isFetchNextPageError && (
            <Box sx={{ textAlign: 'center', mt: 3 }}>
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
            </Box>
          )}
        </>
      )}
    </MuiScope>
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
    <Box component="section" aria-label={heading} sx={{ mb: 4 }}>
      <Typography
        variant="h2"
        sx={state.groupBy === 'none' ? visuallyHidden : { fontSize: '1.25rem', mb: 2 }}
      >
        {heading}
        {state.groupBy !== 'none' && ' '}
        {state.groupBy !== 'none' && (
          <Box component="span" sx={{ color: 'text.secondary', fontWeight: 400 }}>
            ({section.projects.length})
          </Box>
        )}
      </Typography>
      {state.view === 'table' ? (
        <ProjectTable
          projects={section.projects}
          viewer={viewer}
          sort={state.sort}
          order={state.order}
          onSort={onSort}
          caption={heading}
        />
      ) : (
        <Grid container spacing={2}>
          {section.projects.map((project) => (
            <Grid key={project.uuid} size={{ xs: 12, sm: 6, lg: 4 }}>
              <ProjectCard project={project} viewer={viewer} />
            </Grid>
          ))}
        </Grid>
      )}
    </Box>
  );
}

/** No project at all: what a project is, and the ways to register one. */
function EmptyState() {
  const { t } = useI18n();
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="projects-empty"
      sx={{ p: { xs: 3, sm: 6 }, textAlign: 'center' }}
    >
      <FolderOpen aria-hidden="true" sx={{ fontSize: 48, color: 'text.disabled' }} />
      <Typography id="projects-empty" variant="h2" sx={{ mt: 1 }}>
        {t('projects.empty')}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
        {t('projects.emptyText')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'center' }}>
        <Button component={RouterLink} to={paths.createProject} variant="contained" startIcon={<Add />}>
          {t('projects.register')}
        </Button>
        <Button component={RouterLink} to={paths.qrCodeScan} variant="outlined" startIcon={<QrCodeScanner />}>
          {t('projects.scanQrCode')}
        </Button>
      </Stack>
    </Paper>
  );
}
