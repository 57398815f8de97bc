import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { displayName } from '@portal/resources';
import { useI18n } from '../../../i18n/i18n';
import { useCurrentUser } from '../../../session/current-user';

export function ProjectsGreeting() {
  const { t } = useI18n();
  const { data: user, isPending, isError, refetch } = useCurrentUser();
  if (isError) {
    return (
      <Alert
        severity="warning"
        action={
          <Button color="inherit" size="small" onClick={() => void refetch()}>
            {t('projects.retry')}
          </Button>
        }
      >
        {t('projects.profileFailed')}
      </Alert>
    );
  }
  if (isPending) {
    return (
      <Typography color="text.secondary" aria-busy="true">
        {t('projects.loadingProfile')}
      </Typography>
    );
  }
  return (
    <Typography variant="body1" color="text.secondary">
      {t('projects.welcome', { name: displayName(user) })}
    </Typography>
  );
}
