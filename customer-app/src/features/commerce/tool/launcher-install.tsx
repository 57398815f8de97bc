import type { ToolDetail } from '@portal/resources';
import { Suspense } from 'react';
import { lazyPart } from '../../../app/lazy-page';
import { Button } from '../../../components/ui/button';
import { SvgIcon } from '../../../components/ui/icon';
import { useI18n } from '../../../i18n/i18n';
import { SignInNeeded } from '../components/sign-in-needed';
import { useAccount } from '../components/use-account';
import { installDesktop } from './tool-icons';
import styles from './tool-page.module.css';

// The installer mutation and the orders API load for a verified user only: an anonymous visit of a tool page
// does not carry them (issue 20).
const LauncherInstallButton = lazyPart(() =>
  import('./launcher-install-button').then((m) => ({ default: m.LauncherInstallButton })),
);

/** "Install with the launcher" for a tool the launcher can install; a visitor who cannot is told how to. */
export function LauncherInstall({ tool }: { tool: ToolDetail }) {
  const { t } = useI18n();
  const account = useAccount();
  if (!account.verified) return <SignInNeeded account={account} action="tool.launcher.action" />;
  return (
    <Suspense
      fallback={
        <Button variant="outlined" className={styles.fullWidth} disabled>
          <SvgIcon d={installDesktop} small />
          {t('tool.launcher.install')}
        </Button>
      }
    >
      <LauncherInstallButton tool={tool} />
    </Suspense>
  );
}
