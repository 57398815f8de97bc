import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';
import { StatusPage } from '../../components/status-page';
import { paths } from '../../paths';

export function NotFoundPage() {
  return (
    <StatusPage
      title="Page not found"
      noindex
      actions={
        <Button component={RouterLink} to={paths.welcome} variant="contained">
          Back to the welcome page
        </Button>
      }
    >
      The page you are looking for does not exist or has moved.
    </StatusPage>
  );
}
