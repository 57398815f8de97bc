import Autorenew from '@mui/icons-material/Autorenew';
import MuiButton from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, useState } from 'react';
import { Button, useCanAccess, useNotify, useRecordContext, useTranslate } from 'react-admin';
import { useShowSecret } from '../../generator/secret-dialog';
import { useApi } from '../../providers/api-context';

/**
 * Replaces a service account's secret (`POST service-accounts/{id}/secret`) after a confirmation: the old one
 * stops working at once, and the new one is shown this once.
 */
export function RotateSecretButton() {
  const record = useRecordContext();
  const translate = useTranslate();
  const notify = useNotify();
  const showSecret = useShowSecret();
  const api = useApi();
  const { canAccess } = useCanAccess({ resource: 'service-accounts', action: 'edit' });
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const titleId = useId();
  if (!record || !canAccess) return null;
  const rotate = async () => {
    setBusy(true);
    try {
      const answer = await api.call('POST /service-accounts/:id/secret', {
        params: { id: String(record.id) },
      });
      setAsking(false);
      showSecret({
        label: 'resources.service-accounts.fields.secret',
        value: answer.secret,
        owner: answer.clientId,
      });
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button label="portal.service_accounts.rotate" onClick={() => setAsking(true)}>
        <Autorenew />
      </Button>
      <Dialog open={asking} onClose={() => setAsking(false)} aria-labelledby={titleId}>
        <DialogTitle id={titleId}>
          {translate('portal.service_accounts.rotate_title', { client: String(record.clientId ?? '') })}
        </DialogTitle>
        <DialogContent>
          <DialogContentText>{translate('portal.service_accounts.rotate_text')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <MuiButton onClick={() => setAsking(false)}>{translate('ra.action.cancel')}</MuiButton>
          <MuiButton variant="contained" color="warning" disabled={busy} onClick={() => void rotate()}>
            {translate('portal.service_accounts.rotate')}
          </MuiButton>
        </DialogActions>
      </Dialog>
    </>
  );
}
