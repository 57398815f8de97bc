import { ApiError } from '@portal/data-provider';
import type { InstallerRecord, ToolDetail } from '@portal/resources';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Suspense } from 'react';
import { lazyPart } from '../../../app/lazy-page';
import { withTexts } from '../../../i18n/i18n';
import { loadCommerceTexts } from '../texts';
import { Button, ButtonLink } from '../../../components/ui/button';
import { SvgIcon } from '../../../components/ui/icon';
import { installDesktop } from './tool-icons';
import { useI18n } from '../../../i18n/i18n';
import { usePortal } from '../../../lib/portal-context';
import { errorNotice } from '../../../notifications/error-notice';
import { key, literal } from '../../../notifications/notification-store';
import { paths } from '../../../paths';
import { createInstaller, orderKeys } from '../api/orders';
import styles from './tool-page.module.css';

// A dialog with MUI: it loads once an installer has been made, not with the tool page.
// It shows installer texts, which the tool page's own texts do not hold.
const LauncherReadyDialog = lazyPart(() =>
  withTexts(loadCommerceTexts, () => import('./launcher-ready-dialog'))().then((m) => ({
    default: m.LauncherReadyDialog,
  })),
);

/**
 * "Install with the launcher" for a verified user: creates the user's installer for the tool, whose installation
 * key the launcher asks for. An installer that already exists is found on /my/installers.
 */
export function LauncherInstallButton({ tool }: { tool: ToolDetail }) {
  const { t } = useI18n();
  const { api, notifications } = usePortal();
  const queryClient = useQueryClient();
  const install = useMutation({
    mutationFn: () => createInstaller(api, tool.featureId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orderKeys.installersAll }),
    onError: (error) => {
      if (error instanceof ApiError && error.hasErrorCode('duplicate')) {
        notifications.notify({
          kind: 'warning',
          title: key('tool.launcher.exists'),
          message: literal(tool.name),
        });
      } else {
        notifications.notify(errorNotice(error));
      }
    },
  });
  const installer: InstallerRecord | undefined = install.data;
  const exists = install.error instanceof ApiError && install.error.hasErrorCode('duplicate');

  return (
    <>
      {exists ? (
        <ButtonLink to={paths.myInstallers} variant="outlined" className={styles.fullWidth}>
          <SvgIcon d={installDesktop} small />
          {t('tool.launcher.open')}
        </ButtonLink>
      ) : (
        <Button
          variant="outlined"
          className={styles.fullWidth}
          onClick={() => install.mutate()}
          disabled={install.isPending}
        >
          <SvgIcon d={installDesktop} small />
          {t('tool.launcher.install')}
        </Button>
      )}
      {installer && (
        <Suspense fallback={null}>
          <LauncherReadyDialog tool={tool} installer={installer} onClose={() => install.reset()} />
        </Suspense>
      )}
    </>
  );
}
