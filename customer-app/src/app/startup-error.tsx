import { StatusPage } from '../components/status-page';
import { Button } from '../components/ui/button';
import { useI18n } from '../i18n/i18n';
import ui from '../styles/ui.module.css';

/** Shown when the configuration or the stored session cannot be loaded; nothing else can run. */
export function StartupError({ error }: { error: unknown }) {
  const { t } = useI18n();
  return (
    <main style={{ padding: '0 16px' }}>
      <StatusPage
        title={t('app.startupFailed')}
        noindex
        actions={
          <Button variant="contained" onClick={() => window.location.reload()}>
            {t('app.tryAgain')}
          </Button>
        }
      >
        <p role="alert" className={ui.alert}>
          {error instanceof Error ? error.message : t('app.unexpectedError')}
        </p>
      </StatusPage>
    </main>
  );
}
