import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import { OWN_ROLE_REMOVAL_MESSAGE, type RoleName } from '@portal/resources';
import { useId, useState } from 'react';
import { useGetIdentity, useNotify, useRefresh, useTranslate, useUpdate } from 'react-admin';
import type { UserRoleRecord } from './adapter';

/** Whether the signed-in user is the one on this row. */
export function useIsOwnRecord(record: Pick<UserRoleRecord, 'userId'> | undefined): boolean {
  const { identity } = useGetIdentity();
  return !!record?.userId && !!identity && String(identity.id) === record.userId;
}

/**
 * Confirms removing one role. Removing one of one's own roles is a separate confirmation (spec §5): the
 * warning of the API and a box to tick before the button works; the call then says `confirmOwnRole`.
 */
export function RemoveRoleDialog({
  record,
  role,
  onClose,
}: {
  record: UserRoleRecord;
  role: RoleName;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const own = useIsOwnRecord(record);
  const [confirmed, setConfirmed] = useState(false);
  const [update, { isPending }] = useUpdate();
  const titleId = useId();
  const remove = () =>
    update(
      'user-roles',
      {
        id: record.id,
        data: { roles: record.roles.filter((held) => held !== role) },
        previousData: record,
        meta: own ? { confirmOwnRole: true } : {},
      },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify('portal.user_roles.removed', {
            type: 'success',
            messageArgs: { role, email: record.email },
          });
          onClose();
          refresh();
        },
        onError: (error) => {
          notify((error as Error).message, { type: 'error' });
          onClose();
        },
      },
    );
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} onClick={(event) => event.stopPropagation()}>
      <DialogTitle id={titleId}>
        {translate(own ? 'portal.user_roles.remove_own_title' : 'portal.user_roles.remove_title', { role })}
      </DialogTitle>
      <DialogContent>
        <DialogContentText>
          {translate('portal.user_roles.remove_text', { role, email: record.email })}
        </DialogContentText>
        {own && (
          <>
            <Alert severity="warning" sx={{ mt: 2 }}>
              {translate('portal.user_roles.own_warning', { _: OWN_ROLE_REMOVAL_MESSAGE })}
            </Alert>
            <FormControlLabel
              sx={{ mt: 1 }}
              control={
                <Checkbox checked={confirmed} onChange={(event) => setConfirmed(event.target.checked)} />
              }
              label={translate('portal.user_roles.own_confirm')}
            />
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button
          color="error"
          variant="contained"
          disabled={isPending || (own && !confirmed)}
          onClick={() => void remove()}
        >
          {translate(own ? 'portal.user_roles.remove_own' : 'portal.user_roles.remove')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
