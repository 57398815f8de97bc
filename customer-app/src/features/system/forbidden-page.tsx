import { StatusPage } from '../../components/status-page';
import { ButtonLink } from '../../components/ui/button';
import { useI18n } from '../../i18n/i18n';
import { paths } from '../../paths';

/** /forbidden, and the error page of a 403: with the answer's support ID when it has one (spec calls §8.2). */
export function ForbiddenPage({ supportId }: { supportId?: string }) {
  const { t } = useI18n();
  return (
    <StatusPage
      title={t('page.forbidden')}
      noindex
      actions={
        <ButtonLink to={paths.welcome} variant="contained">
          {t('app.backToWelcome')}
        </ButtonLink>
      }
    >
      <p>{t('forbidden.text')}</p>
      {supportId && <p>{t('forbidden.supportId', { supportId })}</p>}
    </StatusPage>
  );
}
