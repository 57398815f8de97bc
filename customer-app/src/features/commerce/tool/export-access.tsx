import type { ToolDetail } from '@portal/resources';
import { Suspense, useState } from 'react';
import { lazyPart } from '../../../app/lazy-page';
import { Button } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { useI18n } from '../../../i18n/i18n';
import { SignInNeeded } from '../components/sign-in-needed';
import { useAccount } from '../components/use-account';
import styles from './tool-page.module.css';

const ExportAccessForm = lazyPart(() =>
  import('./export-access-form').then((m) => ({ default: m.ExportAccessForm })),
);

/**
 * The request-access path for downloads restricted by export control (spec §6): the classifications, where the
 * customer's request stands, and a form to ask for access (an admin grants or refuses it).
 */
export function ExportAccess({
  tool,
  classifications,
}: {
  tool: ToolDetail;
  classifications: readonly string[];
}) {
  const { t } = useI18n();
  const account = useAccount();
  const [open, setOpen] = useState(false);

  const status = tool.exportAccess;
  return (
    <Notice severity="warning" title={t('tool.export.title')} className={styles.noticeGap}>
      {t('tool.export.text')}
      {classifications.length > 0 && (
        <div className={styles.exportClasses}>
          {t('tool.export.classifications', { list: classifications.join(', ') })}
        </div>
      )}
      <div className={styles.exportAction}>
        {!account.verified ? (
          <SignInNeeded account={account} action="tool.export.action" />
        ) : status === 'pending' ? (
          <strong>{t('tool.export.pending')}</strong>
        ) : open ? (
          <Suspense fallback={null}>
            <ExportAccessForm tool={tool} onClose={() => setOpen(false)} />
          </Suspense>
        ) : (
          <>
            {status === 'refused' && <div className={styles.exportRefused}>{t('tool.export.refused')}</div>}
            <Button variant="outlined" className={styles.inheritOutlined} onClick={() => setOpen(true)}>
              {t('tool.export.request')}
            </Button>
          </>
        )}
      </div>
    </Notice>
  );
}
