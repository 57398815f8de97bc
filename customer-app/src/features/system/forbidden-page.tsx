import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';
import { StatusPage } from '../../components/status-page';
import { paths } from '../../paths';

export function ForbiddenPage() {
  return (
    <StatusPage
      title="Access denied"
      noindex
      actions={
        <Button component={RouterLink} to={paths.welcome} variant="contained">
          Back to the welcome page
        </Button>
      }
    >
      You do not have permission to open this page. If you think you should, contact your company space
      administrator or our support.
    </StatusPage>
  );
}
