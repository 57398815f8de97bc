import { useSearchParams } from 'react-router';
import { DocumentTitle } from '../../components/document-title';
import { PageLoader } from '../../components/page-loader';
import { StatusPage } from '../../components/status-page';
import { Button, ButtonLink } from '../../components/ui/button';
import { useI18n } from '../../i18n/i18n';
import { paths, readLoginQuery } from '../../paths';
import ui from '../../styles/ui.module.css';
import { useSignInRedirect } from './use-sign-in-redirect';

/** /login?redirectTo=…&useMFA=true&register=true: starts the sign-in at the provider. */
export function LoginPage() {
  const { t } = useI18n();
  const [searchParams] = useSearchParams();
  const { error, retry } = useSignInRedirect(readLoginQuery(searchParams));

  if (error) {
    return (
      <StatusPage
        title={t('page.signInUnavailable')}
        noindex
        actions={
          <>
            <Button variant="contained" onClick={retry}>
              {t('app.tryAgain')}
            </Button>
            <ButtonLink to={paths.welcome}>{t('app.backToWelcome')}</ButtonLink>
          </>
        }
      >
        <p role="alert" className={ui.alert}>
          {t('login.unreachable', { message: error.message })}
        </p>
      </StatusPage>
    );
  }
  return (
    <>
      <DocumentTitle title={t('page.login')} noindex />
      <PageLoader label={t('login.redirecting')} />
    </>
  );
}
