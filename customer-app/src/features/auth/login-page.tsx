import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { PageLoader } from '../../components/page-loader';
import { StatusPage } from '../../components/status-page';
import { DocumentTitle } from '../../components/document-title';
import { paths, readLoginQuery } from '../../paths';
import { useSignInRedirect } from './use-sign-in-redirect';

export function LoginPage() {
  const [searchParams] = useSearchParams();
  const { error, retry } = useSignInRedirect(readLoginQuery(searchParams));

  if (error) {
    return (
      <StatusPage
        title="Sign-in is not available"
        noindex
        actions={
          <>
            <Button variant="contained" onClick={retry}>
              Try again
            </Button>
            <Button component={RouterLink} to={paths.welcome}>
              Back to the welcome page
            </Button>
          </>
        }
      >
        <Alert severity="error" sx={{ textAlign: 'left' }}>
          The sign-in service could not be reached: {error.message}
        </Alert>
      </StatusPage>
    );
  }
  return (
    <>
      <DocumentTitle title="Sign in" noindex />
      <PageLoader label="Redirecting to sign-in…" />
    </>
  );
}
