import { moveItem } from '../../shared/move-item';
import Add from '@mui/icons-material/Add';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import Delete from '@mui/icons-material/Delete';
import DragIndicator from '@mui/icons-material/DragIndicator';
import Edit from '@mui/icons-material/Edit';
import Save from '@mui/icons-material/Save';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import type { Link as BoardLink } from '@portal/resources';
import { useEffect, useState, type DragEvent } from 'react';
import { Loading, useBasename, useTranslate } from 'react-admin';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { boardPagePath } from './board-actions';
import { useBoardCollection, useBoardMutation } from './board-api';
import { BoardPageFrame } from './board-page-frame';
import { ConfirmDialog } from '../../shared/confirm-dialog';

/** `GET boards/{id}/links`: the board's links in their order (the list page and the link form share it). */
export const useBoardLinks = (boardId: string) =>
  useBoardCollection(boardId, 'links', (api, signal) =>
    api.call('GET /boards/:id/links', { params: { id: boardId }, signal }),
  );

function LinksEditor({ boardId }: { boardId: string }) {
  const translate = useTranslate();
  const basename = useBasename();
  const { data, isPending } = useBoardLinks(boardId);
  const [order, setOrder] = useState<BoardLink[]>([]);
  const [dragged, setDragged] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<BoardLink | null>(null);
  useEffect(() => {
    if (data) setOrder(data);
  }, [data]);
  const saveOrder = useBoardMutation(
    boardId,
    'links',
    (api, ids: string[]) =>
      api.call('PUT /boards/:id/links/order', { params: { id: String(boardId) }, body: { ids } }),
    { success: 'portal.links.order_saved' },
  );
  const remove = useBoardMutation(
    boardId,
    'links',
    (api, link: BoardLink) =>
      api.call('DELETE /boards/:id/links/:linkId', { params: { id: String(boardId), linkId: link.id } }),
    { success: 'portal.links.deleted' },
  );
  if (isPending) return <Loading />;
  const changed = !!data && order.map((link) => link.id).join() !== data.map((link) => link.id).join();

  const onDragOver = (event: DragEvent, index: number) => {
    event.preventDefault();
    if (dragged === null || dragged === index) return;
    setOrder((current) => moveItem(current, dragged, index));
    setDragged(index);
  };

  return (
    <>
      <Box sx={{ display: 'flex', gap: 1, mb: 2, flexWrap: 'wrap' }}>
        <Button component={RouterLink} to={boardPagePath(basename, boardId, 'links/add')} startIcon={<Add />}>
          {translate('portal.links.add')}
        </Button>
        <Button
          variant="contained"
          startIcon={<Save />}
          disabled={!changed || saveOrder.isPending}
          onClick={() => saveOrder.mutate(order.map((link) => link.id))}
        >
          {translate('portal.links.save_order')}
        </Button>
        {changed && (
          <Button onClick={() => data && setOrder(data)}>{translate('portal.links.discard_order')}</Button>
        )}
      </Box>
      {changed && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {translate('portal.links.order_unsaved')}
        </Alert>
      )}
      {order.length === 0 ? (
        <Alert severity="info">{translate('portal.links.empty')}</Alert>
      ) : (
        <Card variant="outlined">
          <List aria-label={translate('portal.links.list')}>
            {order.map((link, index) => (
              <ListItem
                key={link.id}
                draggable
                data-testid="board-link"
                onDragStart={(event) => {
                  setDragged(index);
                  event.dataTransfer.effectAllowed = 'move';
                  event.dataTransfer.setData('text/plain', link.id);
                }}
                onDragOver={(event) => onDragOver(event, index)}
                onDrop={(event) => {
                  event.preventDefault();
                  setDragged(null);
                }}
                onDragEnd={() => setDragged(null)}
                sx={{
                  opacity: dragged === index ? 0.5 : 1,
                  cursor: 'grab',
                  borderBottom: 1,
                  borderColor: 'divider',
                }}
                secondaryAction={
                  <Box>
                    <IconButton
                      aria-label={translate('portal.links.move_up', { title: link.title })}
                      disabled={index === 0}
                      onClick={() => setOrder((current) => moveItem(current, index, index - 1))}
                    >
                      <ArrowUpward />
                    </IconButton>
                    <IconButton
                      aria-label={translate('portal.links.move_down', { title: link.title })}
                      disabled={index === order.length - 1}
                      onClick={() => setOrder((current) => moveItem(current, index, index + 1))}
                    >
                      <ArrowDownward />
                    </IconButton>
                    <IconButton
                      component={RouterLink}
                      to={boardPagePath(basename, boardId, `links/edit/${encodeURIComponent(link.id)}`)}
                      aria-label={translate('portal.links.edit', { title: link.title })}
                    >
                      <Edit />
                    </IconButton>
                    <IconButton
                      aria-label={translate('portal.links.delete', { title: link.title })}
                      onClick={() => setDeleting(link)}
                    >
                      <Delete />
                    </IconButton>
                  </Box>
                }
              >
                <ListItemIcon sx={{ minWidth: 40 }}>
                  <DragIndicator aria-hidden />
                </ListItemIcon>
                <ListItemText
                  primary={link.title}
                  secondary={
                    <Link href={link.url} target="_blank" rel="noreferrer">
                      {link.url}
                    </Link>
                  }
                  sx={{ pr: 24 }}
                />
              </ListItem>
            ))}
          </List>
        </Card>
      )}
      <ConfirmDialog
        open={!!deleting}
        title={translate('portal.links.delete_title')}
        text={translate('portal.links.delete_text', { title: deleting?.title ?? '' })}
        confirmLabel={translate('ra.action.delete')}
        busy={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) remove.mutate(deleting, { onSettled: () => setDeleting(null) });
        }}
      />
    </>
  );
}

/** /admin/boards/{boardId}/links: the board's related links, dragged (or moved) into order, saved together. */
export function BoardLinksPage() {
  const { id } = useParams<'id'>();
  return <BoardPageFrame titleKey="portal.links.title">{() => <LinksEditor boardId={id!} />}</BoardPageFrame>;
}
