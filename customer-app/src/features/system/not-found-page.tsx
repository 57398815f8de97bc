import { StatusPage } from '../../components/status-page';
import { ButtonLink } from '../../components/ui/button';
import { useI18n } from '../../i18n/i18n';
import { paths } from '../../paths';

/** /not-found and every unknown path: a soft 404, so it asks robots not to index it. */
export function NotFoundPage() {
  const { t } = useI18n();
  return (
    <StatusPage
      title={t('page.notFound')}
      noindex
      actions={
        <ButtonLink to={paths.welcome} variant="contained">
          {t('app.backToWelcome')}
        </ButtonLink>
      }
    >
      {t('notFound.text')}
    </StatusPage>
  );
}
