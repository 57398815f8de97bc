import { linkInputSchema, type LinkInput } from '@portal/resources';
import { useQueryClient } from '@tanstack/react-query';
import { Loading, SimpleForm, TextInput, useBasename, useNotify } from 'react-admin';
import { useNavigate, useParams } from 'react-router-dom';
import { submissionErrors, zodValidate } from '../../generator/form-helpers';
import { boardPagePath } from './board-actions';
import { boardKey, useApi } from './board-api';
import { useBoardLinks } from './links-page';
import { BoardPageFrame } from './board-page-frame';
import { SaveOnlyToolbar } from '../../generator/save-toolbar';

function LinkForm({ boardId, linkId }: { boardId: string; linkId?: string }) {
  const api = useApi();
  const notify = useNotify();
  const navigate = useNavigate();
  const basename = useBasename();
  const queryClient = useQueryClient();
  const { data, isPending } = useBoardLinks(boardId);
  if (linkId && isPending) return <Loading />;
  const link = linkId ? data?.find((candidate) => candidate.id === linkId) : undefined;
  const save = async (values: Record<string, unknown>) => {
    const body: LinkInput = { title: String(values.title ?? ''), url: String(values.url ?? '') };
    try {
      if (linkId) await api.call('PUT /boards/:id/links/:linkId', { params: { id: boardId, linkId }, body });
      else await api.call('POST /boards/:id/links', { params: { id: boardId }, body });
    } catch (error) {
      return submissionErrors(error);
    }
    await queryClient.invalidateQueries({ queryKey: boardKey(boardId, 'links') });
    notify(linkId ? 'portal.links.updated' : 'portal.links.created', { type: 'success' });
    navigate(boardPagePath(basename, boardId, 'links'));
  };
  return (
    <SimpleForm
      toolbar={<SaveOnlyToolbar />}
      noValidate
      record={link ?? { title: '', url: '' }}
      onSubmit={save}
      validate={zodValidate(linkInputSchema)}
      sx={{ maxWidth: 720 }}
    >
      <TextInput source="title" label="portal.links.field_title" isRequired parse={(value) => value ?? ''} />
      <TextInput
        source="url"
        label="portal.links.field_url"
        type="url"
        isRequired
        parse={(value) => value ?? ''}
      />
    </SimpleForm>
  );
}

/** /admin/boards/{boardId}/links/add and …/links/edit/{linkId}. */
export function BoardLinkFormPage() {
  const { id, linkId } = useParams<'id' | 'linkId'>();
  return (
    <BoardPageFrame titleKey={linkId ? 'portal.links.edit_title' : 'portal.links.add_title'}>
      {() => <LinkForm boardId={id!} linkId={linkId} />}
    </BoardPageFrame>
  );
}
