import Lock from '@mui/icons-material/Lock';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Project } from '@portal/resources';
import { generatePath, Link as RouterLink } from 'react-router';
import { useI18n } from '../../../i18n/i18n';
import { paths } from '../../../paths';
import { formatDate } from '../model/format';
import { rolesInProject, type Viewer } from '../model/project-actions';
import { useRoleLabel } from './project-role-label';
import { StatusChip } from './status-chip';
import { flexGapFallback } from '../../../lib/flex-gap';

/** Codes and classifications, shown when set (they are sort options of spec §9). */
const CODE_FIELDS = ['shortRomCode', 'salesCode', 'product', 'solution', 'variant'] as const;

/** One project in the list view: name (the link), board, status, group, the viewer's role and the last change. */
export function ProjectCard({ project, viewer }: { project: Project; viewer: Viewer | undefined }) {
  const { t, locale } = useI18n();
  const roleLabel = useRoleLabel();
  const roles = viewer ? rolesInProject(project, viewer) : [];
  return (
    // The name is the link; it stretches over the card so the whole card is a target, yet it reads as the name.
    <Card
      component="article"
      variant="outlined"
      sx={{ height: '100%', position: 'relative', '&:hover': { borderColor: 'primary.main' } }}
    >
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'flex-start' }}>
          <Typography variant="h6" component="h3" sx={{ fontSize: '1.0625rem', wordBreak: 'break-word' }}>
            <Link
              component={RouterLink}
              to={generatePath(paths.project, { uid: project.uuid })}
              color="inherit"
              sx={{ '&::after': { content: '""', position: 'absolute', inset: 0 } }}
            >
              {project.name}
            </Link>
          </Typography>
          {project.secure && (
            <Lock fontSize="small" titleAccess={t('projects.secure')} sx={{ color: 'text.secondary' }} />
          )}
        </Stack>
        <Typography color="text.secondary" sx={{ mb: 1.5 }}>
          {project.board.name}
        </Typography>
        <Stack
          direction="row"
          spacing={1}
          useFlexGap
          sx={{ flexWrap: 'wrap', mb: 1.5, ...flexGapFallback(1) }}
        >
          <StatusChip status={project.status} />
        </Stack>
        <Box
          component="dl"
          sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 1.5, rowGap: 0.5 }}
        >
          <Detail term={t('projects.field.group')} value={project.group ?? t('projects.noGroup')} />
          {CODE_FIELDS.map(
            (field) =>
              project[field] && (
                <Detail key={field} term={t(`projects.field.${field}`)} value={project[field] ?? ''} />
              ),
          )}
          {roles.length > 0 && <Detail term={t('projects.field.role')} value={roleLabel(roles)} />}
          <Detail term={t('projects.field.updatedAt')} value={formatDate(project.updatedAt, locale)} />
        </Box>
      </CardContent>
    </Card>
  );
}

function Detail({ term, value }: { term: string; value: string }) {
  return (
    <>
      <Typography component="dt" variant="body2" color="text.secondary">
        {term}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0 }}>
        {value}
      </Typography>
    </>
  );
}
