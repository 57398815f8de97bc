import { displayName } from '@portal/resources';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useCurrentUser } from '../../session/current-user';

export function ProjectsGreeting() {
  const { data: user, isPending, isError, refetch } = useCurrentUser();
  if (isError) {
    return (
      <Alert
        severity="warning"
        action={
          <Button color="inherit" size="small" onClick={() => void refetch()}>
            Retry
          </Button>
        }
      >
        Your profile could not be loaded.
      </Alert>
    );
  }
  if (isPending) return <Skeleton width={220} aria-label="Loading your profile" />;
  return (
    <Typography variant="body1" color="text.secondary">
      Welcome, {displayName(user)}
    </Typography>
  );
}
