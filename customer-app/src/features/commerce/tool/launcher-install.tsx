import ContentCopy from '@mui/icons-material/ContentCopy';
import InstallDesktop from '@mui/icons-material/InstallDesktop';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import { ApiError } from '@portal/data-provider';
import type { InstallerRecord, ToolDetail } from '@portal/resources';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router';
import { useI18n } from '../../../i18n/i18n';
import { usePortal } from '../../../lib/portal-context';
import { errorNotice } from '../../../notifications/error-notice';
import { key, literal } from '../../../notifications/notification-store';
import { paths } from '../../../paths';
import { createInstaller, orderKeys } from '../api/orders';
import { LAUNCHER_DOWNLOAD_URL } from '../commerce-links';
import { SignInNeeded } from '../components/sign-in-needed';
import { useAccount } from '../components/use-account';
import { useCopy } from '../components/use-copy';

/**
 * "Install with the launcher" for a tool the launcher can install: creates the user's installer for it, whose
 * installation key the launcher asks for. An installer that already exists is found on /my/installers.
 */
export function LauncherInstall({ tool }: { tool: ToolDetail }) {
  const { t } = useI18n();
  const { api, notifications } = usePortal();
  const queryClient = useQueryClient();
  const account = useAccount();
  const copy = useCopy();
  const titleId = useId();
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

  if (!account.verified) return <SignInNeeded account={account} action="tool.launcher.action" />;
  return (
    <>
      {exists ? (
        <Button
          component={RouterLink}
          to={paths.myInstallers}
          variant="outlined"
          startIcon={<InstallDesktop />}
          fullWidth
        >
          {t('tool.launcher.open')}
        </Button>
      ) : (
        <Button
          variant="outlined"
          startIcon={<InstallDesktop />}
          onClick={() => install.mutate()}
          disabled={install.isPending}
          fullWidth
        >
          {t('tool.launcher.install')}
        </Button>
      )}
      <Dialog
        open={!!installer}
        onClose={() => install.reset()}
        aria-labelledby={titleId}
        maxWidth="sm"
        fullWidth
      >
        <DialogTitle id={titleId}>{t('tool.launcher.readyTitle', { name: tool.name })}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('tool.launcher.readyText')}</DialogContentText>
          {installer?.latestKey && (
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, my: 2 }}>
              <Box
                component="code"
                sx={{
                  fontSize: '1.1rem',
                  fontFamily: 'monospace',
                  p: 1,
                  bgcolor: 'action.hover',
                  borderRadius: 1,
                }}
              >
                {installer.latestKey.key}
              </Box>
              <Button
                startIcon={<ContentCopy />}
                onClick={() => copy(installer.latestKey!.key, t('installers.keyCopied'))}
              >
                {t('installers.copyKey')}
              </Button>
            </Box>
          )}
          <DialogContentText>
            <Link href={LAUNCHER_DOWNLOAD_URL} target="_blank" rel="noopener noreferrer">
              {t('tool.launcher.getLauncher')} {t('app.opensInNewTab')}
            </Link>
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button component={RouterLink} to={paths.myInstallers}>
            {t('tool.launcher.myInstallers')}
          </Button>
          <Button variant="contained" onClick={() => install.reset()}>
            {t('app.close')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
