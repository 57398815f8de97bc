import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { StatusPage } from '../../components/status-page';
import { loginPath, paths } from '../../paths';

/** Texts for the errors the provider or the callback report; anything else shows its description. */
const KNOWN_ERRORS: Record<string, string> = {
  access_denied: 'The sign-in was cancelled or refused.',
  login_required: 'Please sign in again.',
  user_fetch_failed: 'You are signed in, but your account could not be loaded.',
};

export function CallbackErrorPage() {
  const [searchParams] = useSearchParams();
  const error = searchParams.get('error') ?? 'unknown_error';
  const description = searchParams.get('error_description');
  const summary = KNOWN_ERRORS[error] ?? 'Something went wrong while signing you in.';

  return (
    <StatusPage
      title="Sign-in failed"
      noindex
      actions={
        <>
          <Button component={RouterLink} to={loginPath()} variant="contained">
            Try again
          </Button>
          <Button component={RouterLink} to={paths.welcome}>
            Back to the welcome page
          </Button>
        </>
      }
    >
      <p>{summary}</p>
      {description && (
        <Alert severity="error" sx={{ textAlign: 'left' }}>
          {description}
        </Alert>
      )}
    </StatusPage>
  );
}
