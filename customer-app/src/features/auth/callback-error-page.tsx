import { useSearchParams } from 'react-router';
import { StatusPage } from '../../components/status-page';
import { ButtonLink } from '../../components/ui/button';
import { useI18n, type MessageKey } from '../../i18n/i18n';
import { loginPath, paths } from '../../paths';
import ui from '../../styles/ui.module.css';

/** Texts for the errors the provider or the callback report; anything else shows its description. */
const KNOWN_ERRORS: Record<string, MessageKey> = {
  access_denied: 'callback.accessDenied',
  login_required: 'callback.loginRequired',
  user_fetch_failed: 'callback.userFetchFailed',
};

/** /auth/callback-error (spec calls §2): the provider's or the callback's error, and a way to try again. */
export function CallbackErrorPage() {
  const { t } = useI18n();
  const [searchParams] = useSearchParams();
  const error = searchParams.get('error') ?? 'unknown_error';
  const description = searchParams.get('error_description');
  const summary = t(KNOWN_ERRORS[error] ?? 'callback.generic');

  return (
    <StatusPage
      title={t('page.callbackError')}
      noindex
      actions={
        <>
          <ButtonLink to={loginPath()} variant="contained">
            {t('app.tryAgain')}
          </ButtonLink>
          <ButtonLink to={paths.welcome}>{t('app.backToWelcome')}</ButtonLink>
        </>
      }
    >
      <p>{summary}</p>
      {description && (
        <p role="alert" className={ui.alert}>
          {description}
        </p>
      )}
    </StatusPage>
  );
}
