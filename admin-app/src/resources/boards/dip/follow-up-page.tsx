import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { followUpInputSchema } from '@portal/resources';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  AutocompleteInput,
  Loading,
  ReferenceInput,
  SimpleForm,
  TextInput,
  useNotify,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { nestedSubmissionErrors, zodValidate } from '../../../generator/form-helpers';
import { referenceSearch } from '../../../generator/inputs';
import { useDefinitions } from '../../../generator/definitions-context';
import { SaveOnlyToolbar } from '../../../generator/save-toolbar';
import { useApi } from '../../../providers/api-context';
import { boardKey, useNotifyFailure } from '../board-api';
import { BoardPageFrame } from '../board-page-frame';
import { ConfirmDialog } from '../../../shared/confirm-dialog';

/** The form's values as the API reads them: an empty owner email means the project's owner continues. */
const toInput = (values: Record<string, unknown>) => ({
  nextBoardId: values.nextBoardId ?? undefined,
  nextOwnerEmail:
    typeof values.nextOwnerEmail === 'string' && values.nextOwnerEmail.trim()
      ? values.nextOwnerEmail.trim()
      : null,
});

function FollowUpEditor({ board }: { board: RaRecord }) {
  const boardId = String(board.id);
  const api = useApi();
  const translate = useTranslate();
  const notify = useNotify();
  const notifyFailure = useNotifyFailure();
  const definitions = useDefinitions();
  const queryClient = useQueryClient();
  const [confirmRemove, setConfirmRemove] = useState(false);
  const key = boardKey(boardId, 'follow-up');
  const { data, isPending } = useQuery({
    queryKey: key,
    queryFn: ({ signal }) =>
      api.call('GET /boards/:id/follow-up', { params: { id: String(boardId) }, signal }),
  });
  if (isPending) return <Loading />;
  const followUp = data?.followUp ?? null;

  const save = async (values: Record<string, unknown>) => {
    try {
      // The form checked the values with this schema before it submits them.
      const answer = await api.call('PUT /boards/:id/follow-up', {
        params: { id: boardId },
        body: followUpInputSchema.parse(toInput(values)),
      });
      queryClient.setQueryData(key, answer);
    } catch (error) {
      return nestedSubmissionErrors(error);
    }
    notify('portal.follow_up.saved', { type: 'success' });
  };
  const remove = async () => {
    try {
      const answer = await api.call('DELETE /boards/:id/follow-up', { params: { id: String(boardId) } });
      queryClient.setQueryData(key, answer);
      notify('portal.follow_up.removed', { type: 'success' });
    } catch (error) {
      notifyFailure(error);
    } finally {
      setConfirmRemove(false);
    }
  };

  return (
    <>
      <Alert severity="info" sx={{ mb: 2 }}>
        {translate('portal.follow_up.help')}
      </Alert>
      <Alert severity={followUp ? 'success' : 'warning'} sx={{ mb: 2 }} data-testid="follow-up-state">
        {followUp
          ? translate('portal.follow_up.current', { board: followUp.nextBoardName })
          : translate('portal.follow_up.none')}
      </Alert>
      <SimpleForm
        key={followUp ? `${followUp.nextBoardId}-${followUp.nextOwnerEmail ?? ''}` : 'none'}
        noValidate
        record={{
          nextBoardId: followUp?.nextBoardId ?? null,
          nextOwnerEmail: followUp?.nextOwnerEmail ?? '',
        }}
        onSubmit={save}
        validate={(values) => zodValidate(followUpInputSchema, 'nextBoardId')(toInput(values))}
        toolbar={<SaveOnlyToolbar />}
        sx={{ maxWidth: 720 }}
      >
        <ReferenceInput source="nextBoardId" reference="boards">
          <AutocompleteInput
            label="portal.follow_up.next_board"
            optionText="name"
            isRequired
            filterToQuery={referenceSearch(definitions.get('boards'))}
          />
        </ReferenceInput>
        <TextInput
          source="nextOwnerEmail"
          type="email"
          label="portal.follow_up.next_owner"
          helperText="portal.follow_up.next_owner_help"
        />
      </SimpleForm>
      {followUp && (
        <Box sx={{ mt: 2 }}>
          <Button color="error" onClick={() => setConfirmRemove(true)}>
            {translate('portal.follow_up.remove')}
          </Button>
        </Box>
      )}
      <ConfirmDialog
        open={confirmRemove}
        title={translate('portal.follow_up.remove')}
        text={translate('portal.follow_up.none')}
        confirmLabel={translate('portal.follow_up.remove')}
        onClose={() => setConfirmRemove(false)}
        onConfirm={() => void remove()}
      />
    </>
  );
}

/**
 * /admin/boards/{boardId}/next: the follow-up process (spec §3): the next board and, optionally, the next owner's
 * email; an unknown email is refused by the API on its field.
 */
export function BoardFollowUpPage() {
  return (
    <BoardPageFrame titleKey="portal.follow_up.title">
      {(board) => <FollowUpEditor board={board} />}
    </BoardPageFrame>
  );
}
