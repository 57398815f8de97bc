import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { MuiScope } from '../../app/mui-scope';
import { useI18n } from '../../i18n/i18n';

/**
 * Consent management (spec product §2.4). The portal keeps only what it needs to work and uses no tracking, so
 * the dialog says so; a consent tool, if one is ever added, opens from the same footer entry.
 */
export function ConsentDialog({ onClose }: { onClose: () => void }) {
  const { t } = useI18n();
  const titleId = useId();
  const textId = useId();
  return (
    <MuiScope>
      <Dialog open onClose={onClose} aria-labelledby={titleId} aria-describedby={textId}>
        <DialogTitle id={titleId}>{t('consent.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText id={textId}>{t('consent.text')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} autoFocus>
            {t('app.close')}
          </Button>
        </DialogActions>
      </Dialog>
    </MuiScope>
  );
}
