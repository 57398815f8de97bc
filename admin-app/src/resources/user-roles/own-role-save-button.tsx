import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { OWN_ROLE_REMOVAL_MESSAGE, type RoleName } from '@portal/resources';
import { useId, useState } from 'react';
import { SaveButton, useRecordContext, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import type { UserRoleRecord } from './adapter';
import { useIsOwnRecord } from './remove-role-dialog';

/**
 * Saves the roles of a user; when the admin is about to drop one of their own, it first asks (spec §5) and
 * only then saves, telling the API the removal is confirmed.
 */
export function OwnRoleSaveButton() {
  const record = useRecordContext<UserRoleRecord>();
  const own = useIsOwnRecord(record);
  const roles = (useWatch({ name: 'roles' }) as RoleName[] | undefined) ?? [];
  const translate = useTranslate();
  const [asking, setAsking] = useState(false);
  const titleId = useId();
  const dropsOwn = own && !!record?.roles.some((role) => !roles.includes(role));
  if (!dropsOwn) return <SaveButton />;
  return (
    <>
      <SaveButton
        type="button"
        onClick={(event) => {
          event.preventDefault();
          setAsking(true);
        }}
      />
      <Dialog open={asking} onClose={() => setAsking(false)} aria-labelledby={titleId}>
        <DialogTitle id={titleId}>
          {translate('portal.user_roles.remove_own_title', { role: '' })}
        </DialogTitle>
        <DialogContent>
          <Alert severity="warning">
            {translate('portal.user_roles.own_warning', { _: OWN_ROLE_REMOVAL_MESSAGE })}
          </Alert>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setAsking(false)}>{translate('ra.action.cancel')}</Button>
          <SaveButton
            type="button"
            label="portal.user_roles.remove_own"
            color="error"
            icon={<></>}
            mutationOptions={{ meta: { confirmOwnRole: true } }}
            onClick={() => setAsking(false)}
            alwaysEnable
          />
        </DialogActions>
      </Dialog>
    </>
  );
}
