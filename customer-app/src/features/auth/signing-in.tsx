import { DocumentTitle } from '../../components/document-title';
import { PageLoader } from '../../components/page-loader';
import { useI18n } from '../../i18n/i18n';

/** Shown on /auth/callback while the code is exchanged and the user loaded. */
export function SigningIn() {
  const { t } = useI18n();
  return (
    <>
      <DocumentTitle title={t('page.signingIn')} noindex />
      <PageLoader label={t('callback.signingIn')} />
    </>
  );
}
