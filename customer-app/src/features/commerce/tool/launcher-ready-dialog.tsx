import ContentCopy from '@mui/icons-material/ContentCopy';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import type { InstallerRecord, ToolDetail } from '@portal/resources';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router';
import { MuiScope } from '../../../app/mui-scope';
import { useI18n } from '../../../i18n/i18n';
import { paths } from '../../../paths';
import { LAUNCHER_DOWNLOAD_URL } from '../commerce-links';
import { useCopy } from '../components/use-copy';

/** The new installer's key and where to get the launcher: a dialog, loaded when an installer has been made. */
export function LauncherReadyDialog({
  tool,
  installer,
  onClose,
}: {
  tool: ToolDetail;
  installer: InstallerRecord;
  onClose: () => void;
}) {
  const { t } = useI18n();
  const copy = useCopy();
  const titleId = useId();
  return (
    <MuiScope>
      <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
        <DialogTitle id={titleId}>{t('tool.launcher.readyTitle', { name: tool.name })}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('tool.launcher.readyText')}</DialogContentText>
          {installer.latestKey && (
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
          <Button variant="contained" onClick={onClose}>
            {t('app.close')}
          </Button>
        </DialogActions>
      </Dialog>
    </MuiScope>
  );
}
