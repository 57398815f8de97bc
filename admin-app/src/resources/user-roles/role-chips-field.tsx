import Close from '@mui/icons-material/Close';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import type { RoleName } from '@portal/resources';
import { useState } from 'react';
import { useCanAccess, useRecordContext, useTranslate } from 'react-admin';
import type { UserRoleRecord } from './adapter';
import { RemoveRoleDialog } from './remove-role-dialog';

/** A user's roles as chips; an admin removes one with its chip's delete icon, after a confirmation. */
export function RoleChipsField(_props: { source?: string; label?: string }) {
  const record = useRecordContext<UserRoleRecord>();
  const translate = useTranslate();
  const { canAccess } = useCanAccess({ resource: 'user-roles', action: 'edit' });
  const [removing, setRemoving] = useState<RoleName | null>(null);
  if (!record) return null;
  if (record.roles.length === 0) return <span>—</span>;
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }} onClick={(event) => event.stopPropagation()}>
      {record.roles.map((role) => (
        <Chip
          key={role}
          size="small"
          sx={{
            '& .MuiChip-label': {
              display: 'flex',
              alignItems: 'center',
              gap: 0.25,
              pr: canAccess ? 0.25 : undefined,
            },
          }}
          label={
            <>
              {role}
              {canAccess && (
                <IconButton
                  size="small"
                  sx={{ p: 0.25, ml: 0.25 }}
                  aria-label={translate('portal.user_roles.remove_role', { role, email: record.email })}
                  onClick={() => setRemoving(role)}
                >
                  <Close sx={{ fontSize: 14 }} />
                </IconButton>
              )}
            </>
          }
        />
      ))}
      {removing && <RemoveRoleDialog record={record} role={removing} onClose={() => setRemoving(null)} />}
    </Stack>
  );
}
