import Alert from '@mui/material/Alert';
import { useTranslate } from 'react-admin';
import { BoardPageFrame } from './board-page-frame';

/**
 * /admin/boards/{boardId}/tools/edit: the tools shown with a board. The server has no API for them yet (no
 * board–tool relation, no `boards/{id}/tools`), so the page says so instead of offering an editor.
 */
export function BoardToolsPage() {
  const translate = useTranslate();
  return (
    <BoardPageFrame titleKey="portal.boards.tools_title">
      <Alert severity="info">{translate('portal.boards.tools_pending')}</Alert>
    </BoardPageFrame>
  );
}
