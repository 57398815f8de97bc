import { useSearchParams } from 'react-router';
import { StatusPage } from '../../components/status-page';
import { ButtonLink } from '../../components/ui/button';
import { useI18n } from '../../i18n/i18n';
import { loginPath, paths } from '../../paths';
import { useSessionUser } from '../../session/use-session-user';

/**
 * The internal-use-only page (spec product §2.4): a route or tool marked for internal users was opened by someone
 * who is not one. Anonymous visitors may be employees who have not signed in yet: they get a way to, and back.
 */
export function InternalUseOnlyPage() {
  const { t } = useI18n();
  const user = useSessionUser();
  const [params] = useSearchParams();
  const redirectTo = params.get('redirectTo') ?? undefined;
  return (
    <StatusPage
      title={t('page.internalUseOnly')}
      noindex
      actions={
        <>
          {!user && (
            <ButtonLink to={loginPath({ redirectTo })} variant="contained">
              {t('page.login')}
            </ButtonLink>
          )}
          <ButtonLink to={paths.welcome} variant={user ? 'contained' : 'outlined'}>
            {t('app.backToWelcome')}
          </ButtonLink>
        </>
      }
    >
      <p>{t('internalUseOnly.text')}</p>
    </StatusPage>
  );
}
