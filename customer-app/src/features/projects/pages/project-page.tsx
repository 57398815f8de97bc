import Lock from '@mui/icons-material/Lock';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { MuiScope } from '../../../app/mui-scope';
import { DocumentTitle } from '../../../components/document-title';
import { useI18n } from '../../../i18n/i18n';
import { paths } from '../../../paths';
import { ProjectTabs } from '../components/board-content-tabs';
import { LoadError, LoadingBlock } from '../components/load-state';
import { PageHeading } from '../components/page-heading';
import { ProjectActionsMenu } from '../components/project-actions-menu';
import { useRoleLabel } from '../components/project-role-label';
import { StatusChip } from '../components/status-chip';
import { visuallyHidden } from '../components/visually-hidden';
import { DesignInProcess } from '../dip';
import { useProjectView, type ProjectView } from '../hooks/use-project-view';
import { formatDate } from '../model/format';
import { flexGapFallback } from '../../../lib/flex-gap';

/**
 * `/my/projects/{uid}`: the project's details, its status and the actions dropdown the user's role allows, then
 * its tabs. Viewers (company space viewer only) see everything and change nothing.
 */
export function ProjectPage() {
  const { t } = useI18n();
  const { uid = '' } = useParams();
  const { view, isPending, error, retry } = useProjectView(uid);
  return (
    <MuiScope>
      <DocumentTitle title={view?.project.name ?? t('page.project')} />
      {isPending ? (
        <LoadingBlock label={t('project.loading')} lines={5} />
      ) : error || !view ? (
        <>
          <PageHeading
            title={t('page.project')}
            back={{ to: paths.myProjects, label: t('nav.myProjects') }}
          />
          <LoadError error={error} onRetry={retry} />
        </>
      ) : (
        <ProjectDetails view={view} />
      )}
    </MuiScope>
  );
}

function ProjectDetails({ view }: { view: ProjectView }) {
  const { t } = useI18n();
  const { project, actions, viewOnly } = view;
  return (
    <>
      <PageHeading
        title={project.name}
        back={{ to: paths.myProjects, label: t('nav.myProjects') }}
        subtitle={
          <Stack
            direction="row"
            spacing={1}
            useFlexGap
            sx={{ alignItems: 'center', flexWrap: 'wrap', ...flexGapFallback(1) }}
          >
            <Typography component="span">{project.board.name}</Typography>
            <StatusChip status={project.status} />
            {project.secure && (
              <Chip size="small" icon={<Lock aria-hidden="true" />} label={t('projects.secure')} />
            )}
          </Stack>
        }
        actions={<ProjectActionsMenu project={project} actions={actions} />}
      />

      {viewOnly && (
        <Alert severity="info" sx={{ mb: 3 }}>
          {t('project.viewOnly')}
        </Alert>
      )}
      {project.status === 'cancellation-requested' && (
        <Alert severity="warning" sx={{ mb: 3 }}>
          {t('project.notice.cancellationRequested')}
        </Alert>
      )}
      {project.status === 'cancelled' && (
        <Alert severity="info" sx={{ mb: 3 }}>
          {t('project.notice.cancelled')}
        </Alert>
      )}

      <Overview view={view} />

      <DesignInProcess project={project} />

      <ProjectTabs project={project} />
    </>
  );
}

/** The project's facts: description, board, group, codes, people and dates. */
function Overview({ view }: { view: ProjectView }) {
  const { t, locale } = useI18n();
  const roleLabel = useRoleLabel();
  const { project, roles } = view;
  const facts: [string, ReactNode][] = [
    [t('projects.field.board'), <BoardName key="board" view={view} />],
    [t('projects.field.group'), project.group ?? t('projects.noGroup')],
    [t('projects.field.role'), roles.length ? roleLabel(roles) : t('project.role.admin')],
    [t('project.people.owner'), project.owner.email],
    ...(project.substitute
      ? [[t('project.people.substitute'), project.substitute.email] as [string, ReactNode]]
      : []),
    ...(project.fae ? [[t('project.people.fae'), project.fae.email] as [string, ReactNode]] : []),
    ...(project.companyName ? [[t('project.companySpace'), project.companyName] as [string, ReactNode]] : []),
    ...(['shortRomCode', 'salesCode', 'developmentCode', 'product', 'solution', 'variant'] as const)
      .filter((field) => project[field])
      .map((field) => [t(`projects.field.${field}`), project[field]] as [string, ReactNode]),
    [t('projects.field.createdAt'), formatDate(project.createdAt, locale)],
    [t('projects.field.updatedAt'), formatDate(project.updatedAt, locale)],
  ];
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby="project-overview"
      sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}
    >
      <Typography id="project-overview" variant="h2" sx={{ fontSize: '1.25rem', mb: 1.5 }}>
        {t('project.overview')}
      </Typography>
      {project.description && (
        <Typography sx={{ mb: 2, whiteSpace: 'pre-line' }}>{project.description}</Typography>
      )}
      <Box
        component="dl"
        sx={{
          m: 0,
          display: 'grid',
          gridTemplateColumns: { xs: 'auto 1fr', md: 'auto 1fr auto 1fr' },
          columnGap: 3,
          rowGap: 1,
        }}
      >
        {facts.map(([term, value]) => (
          <Box key={term} sx={{ display: 'contents' }}>
            <Typography component="dt" color="text.secondary">
              {term}
            </Typography>
            <Typography component="dd" sx={{ m: 0, wordBreak: 'break-word' }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
    </Paper>
  );
}

function BoardName({ view }: { view: ProjectView }) {
  const { t } = useI18n();
  const { board } = view.project;
  if (!board.productPageUrl) return <>{board.name}</>;
  return (
    <Link href={board.productPageUrl} target="_blank" rel="noopener noreferrer">
      {board.name}
      <Box component="span" sx={visuallyHidden}>
        {` ${t('app.opensInNewTab')}`}
      </Box>
    </Link>
  );
}
