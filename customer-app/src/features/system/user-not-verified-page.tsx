import Button from '@mui/material/Button';
import { StatusPage } from '../../components/status-page';
import { usePortal } from '../../lib/portal-context';
import { useCurrentUser } from '../../session/current-user';
import { useVerificationRecheck } from './use-verification-recheck';

export function UserNotVerifiedPage() {
  const { session } = usePortal();
  const { data: user } = useCurrentUser();
  const recheck = useVerificationRecheck();
  return (
    <StatusPage
      title="Please verify your email address"
      noindex
      actions={
        <>
          <Button variant="contained" onClick={recheck}>
            I have verified it
          </Button>
          <Button onClick={() => void session.signOut()}>Logout</Button>
        </>
      }
    >
      We sent a verification link to {user?.email ?? 'your email address'}. Open it to activate your account,
      then continue here.
    </StatusPage>
  );
}
