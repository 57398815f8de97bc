import { StatusPage } from '../../components/status-page';
import { Button } from '../../components/ui/button';
import { useI18n } from '../../i18n/i18n';
import { usePortal } from '../../lib/portal-context';
import { useCurrentUser } from '../../session/current-user';
import { useVerificationRecheck } from './use-verification-recheck';

/** /user-not-verified (spec product §2.5): verify the address, then sign in again. */
export function UserNotVerifiedPage() {
  const { t } = useI18n();
  const { session } = usePortal();
  const { data: user } = useCurrentUser();
  const recheck = useVerificationRecheck();
  return (
    <StatusPage
      title={t('page.userNotVerified')}
      noindex
      actions={
        <>
          <Button variant="contained" onClick={recheck}>
            {t('notVerified.done')}
          </Button>
          <Button onClick={() => void session.signOut()}>{t('profile.logout')}</Button>
        </>
      }
    >
      {t('notVerified.text', { email: user?.email ?? t('notVerified.yourAddress') })}
    </StatusPage>
  );
}
