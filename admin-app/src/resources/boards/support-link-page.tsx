import { boardSupportLinkInputSchema } from '@portal/resources';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Loading, SimpleForm, TextInput, useNotify } from 'react-admin';
import { useParams } from 'react-router-dom';
import { submissionErrors, zodValidate } from '../../generator/form-helpers';
import { boardKey, useApi } from './board-api';
import { BoardPageFrame } from './board-page-frame';

function SupportLinkForm({ boardId }: { boardId: string }) {
  const api = useApi();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { data, isPending } = useQuery({
    queryKey: boardKey(boardId, 'support-link'),
    queryFn: ({ signal }) =>
      api.call('GET /boards/:id/support-link', { params: { id: String(boardId) }, signal }),
  });
  if (isPending) return <Loading />;
  const save = async (values: Record<string, unknown>) => {
    const supportLink =
      typeof values.supportLink === 'string' && values.supportLink.trim() ? values.supportLink : null;
    try {
      await api.call('PUT /boards/:id/support-link', {
        params: { id: String(boardId) },
        body: { supportLink },
      });
    } catch (error) {
      return submissionErrors(error);
    }
    await queryClient.invalidateQueries({ queryKey: boardKey(boardId, 'support-link') });
    notify('portal.support_link.saved', { type: 'success' });
  };
  return (
    <SimpleForm
      noValidate
      record={{ supportLink: data?.supportLink ?? '' }}
      onSubmit={save}
      validate={zodValidate(boardSupportLinkInputSchema)}
      sx={{ maxWidth: 720 }}
    >
      <TextInput
        source="supportLink"
        label="portal.support_link.field"
        helperText="portal.support_link.help"
      />
    </SimpleForm>
  );
}

/** /admin/boards/{boardId}/edit-support: a web address or mailto: and an email; empty removes the link. */
export function BoardSupportLinkPage() {
  const { id } = useParams<'id'>();
  return (
    <BoardPageFrame titleKey="portal.support_link.title">
      {() => <SupportLinkForm boardId={id!} />}
    </BoardPageFrame>
  );
}
