import Add from '@mui/icons-material/Add';
import FolderOpen from '@mui/icons-material/FolderOpen';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { MuiScope } from '../../app/mui-scope';
import { DocumentTitle } from '../../components/document-title';
import { useI18n } from '../../i18n/i18n';
import { paths } from '../../paths';
import { ProjectsGreeting } from './projects-greeting';

export function MyProjectsPage() {
  const { t } = useI18n();
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
        <Button component={RouterLink} to={paths.createProject} variant="contained" startIcon={<Add />}>
          {t('projects.register')}
        </Button>
      </Stack>
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
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {t('projects.emptyText')}
        </Typography>
      </Paper>
    </MuiScope>
  );
}
