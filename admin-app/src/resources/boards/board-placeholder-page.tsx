import Alert from '@mui/material/Alert';
import { useTranslate } from 'react-admin';
import { BoardPageFrame } from './board-page-frame';

/** A per-board page whose API the server does not offer yet. */
export function BoardPlaceholderPage({ path }: { path: string }) {
  const translate = useTranslate();
  return (
    <BoardPageFrame titleKey="portal.boards.pending_title">
      <Alert severity="info">{translate('portal.boards.pending', { path })}</Alert>
    </BoardPageFrame>
  );
}
