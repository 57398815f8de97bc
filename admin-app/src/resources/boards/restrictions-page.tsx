import Alert from '@mui/material/Alert';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { emailSchema, restrictionEmailSchema, type BoardRestriction } from '@portal/resources';
import { Loading, useNotify, useRefresh, useTranslate, useUpdate, type RaRecord } from 'react-admin';
import { useParams } from 'react-router-dom';
import { useBoardCollection, useBoardMutation } from './board-api';
import { BoardPageFrame } from './board-page-frame';
import { EmailListSection } from './email-list-section';

interface Permission {
  userId: string;
  email: string;
}

function RestrictedSwitch({ board }: { board: RaRecord }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [update, { isPending }] = useUpdate();
  return (
    <FormControlLabel
      sx={{ mb: 2 }}
      control={
        <Switch
          checked={!!board.restrictedAccess}
          disabled={isPending}
          onChange={(event) =>
            void update(
              'boards',
              { id: board.id, data: { restrictedAccess: event.target.checked }, previousData: board },
              {
                mutationMode: 'pessimistic',
                onSuccess: () => {
                  notify('portal.restrictions.saved', { type: 'success' });
                  refresh();
                },
              },
            )
          }
        />
      }
      label={translate('portal.restrictions.restricted')}
    />
  );
}

function RestrictionsEditor({ board }: { board: RaRecord }) {
  const translate = useTranslate();
  const boardId = String(board.id);
  const restrictions = useBoardCollection(boardId, 'restrictions', (api, signal) =>
    api.call('GET /boards/:id/restrictions', { params: { id: String(boardId) }, signal }),
  );
  const permissions = useBoardCollection(boardId, 'permissions', (api, signal) =>
    api.call('GET /boards/:id/permissions', { params: { id: String(boardId) }, signal }),
  );
  const addRestriction = useBoardMutation(
    boardId,
    'restrictions',
    (api, email: string) =>
      api.call('POST /boards/:id/restrictions', { params: { id: String(boardId) }, body: { email } }),
    { success: 'portal.restrictions.added', notifyFailure: false },
  );
  const removeRestriction = useBoardMutation(
    boardId,
    'restrictions',
    (api, entry: BoardRestriction) =>
      api.call('DELETE /boards/:id/restrictions/:email', {
        params: { id: String(boardId), email: entry.email },
      }),
    { success: 'portal.restrictions.removed' },
  );
  const grant = useBoardMutation(
    boardId,
    'permissions',
    (api, userEmail: string) =>
      api.call('POST /boards/:id/permissions', { params: { id: String(boardId) }, body: { userEmail } }),
    { success: 'portal.permissions.granted', notifyFailure: false },
  );
  const revoke = useBoardMutation(
    boardId,
    'permissions',
    (api, permission: Permission) =>
      api.call('DELETE /boards/:id/permissions/:userId', {
        params: { id: String(boardId), userId: permission.userId },
      }),
    { success: 'portal.permissions.revoked' },
  );
  if (restrictions.isPending || permissions.isPending) return <Loading />;
  const listed = (restrictions.data ?? []).map((entry) => entry.email);
  return (
    <>
      <RestrictedSwitch board={board} />
      {!board.restrictedAccess && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {translate('portal.restrictions.unrestricted')}
        </Alert>
      )}
      <EmailListSection
        titleKey="portal.restrictions.list"
        description={translate('portal.restrictions.list_help')}
        emptyKey="portal.restrictions.empty"
        addLabelKey="portal.restrictions.add_label"
        addKey="portal.restrictions.add"
        removeKey="portal.restrictions.remove"
        items={restrictions.data ?? []}
        emailOf={(entry) => entry.email}
        schema={restrictionEmailSchema(listed)}
        onAdd={(email) => addRestriction.mutateAsync(email)}
        onRemove={(entry) => removeRestriction.mutateAsync(entry)}
      />
      <EmailListSection
        titleKey="portal.permissions.list"
        description={translate('portal.permissions.list_help')}
        emptyKey="portal.permissions.empty"
        addLabelKey="portal.permissions.add_label"
        addKey="portal.permissions.add"
        removeKey="portal.permissions.remove"
        items={permissions.data ?? []}
        emailOf={(permission) => permission.email}
        schema={emailSchema}
        onAdd={(email) => grant.mutateAsync(email)}
        onRemove={(permission) => revoke.mutateAsync(permission)}
      />
    </>
  );
}

/** /admin/boards/{boardId}/restrictions: restricted or not, the allowed emails, and the users' permissions. */
export function BoardRestrictionsPage() {
  useParams<'id'>();
  return (
    <BoardPageFrame titleKey="portal.restrictions.title">
      {(board) => <RestrictionsEditor board={board} />}
    </BoardPageFrame>
  );
}
