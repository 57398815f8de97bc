import { toSafeRedirectTarget } from '@portal/data-provider';
import { useNavigate, useSearchParams } from 'react-router';
import { StatusPage } from '../../components/status-page';
import { Button } from '../../components/ui/button';
import { useI18n } from '../../i18n/i18n';
import { paths } from '../../paths';
import { USE_OUTDATED_BROWSER_KEY } from '../../session/outdated-browser';

/** /browser-outdated (spec product §2.5): the supported browsers, and "continue anyway" for this session. */
export function BrowserOutdatedPage() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const requested = searchParams.get('redirectTo');
  const target = requested ? toSafeRedirectTarget(requested) : paths.welcome;

  const continueAnyway = () => {
    sessionStorage.setItem(USE_OUTDATED_BROWSER_KEY, 'true');
    void navigate(target.startsWith(paths.browserOutdated) ? paths.welcome : target, { replace: true });
  };

  return (
    <StatusPage
      title={t('page.browserOutdated')}
      noindex
      actions={
        <Button variant="contained" onClick={continueAnyway}>
          {t('outdated.continue')}
        </Button>
      }
    >
      <p>{t('outdated.text')}</p>
      <p>{t('outdated.minimum')}</p>
    </StatusPage>
  );
}
