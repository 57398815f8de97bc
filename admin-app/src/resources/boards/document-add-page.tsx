import { boardDocumentsResource } from '@portal/resources';
import { useBasename } from 'react-admin';
import { useParams } from 'react-router-dom';
import { GeneratedCreate } from '../../generator/views';
import { boardPagePath } from './board-actions';
import { BoardPageFrame } from './board-page-frame';

/** /admin/boards/{boardId}/documents/add: a user document, the generated form of the board documents. */
export function BoardDocumentAddPage() {
  const { id } = useParams<'id'>();
  const basename = useBasename();
  return (
    <BoardPageFrame titleKey="portal.documents.add_title">
      {() => (
        <GeneratedCreate
          definition={boardDocumentsResource}
          meta={{ boardId: id }}
          title={false}
          redirectTo={boardPagePath(basename, id!, 'documents/edit').slice(basename.length)}
        />
      )}
    </BoardPageFrame>
  );
}
