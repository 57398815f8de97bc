import Add from '@mui/icons-material/Add';
import LinkOff from '@mui/icons-material/LinkOff';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import type { Partner } from '@portal/resources';
import { useState } from 'react';
import { Loading, useGetList, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { useBoardCollection, useBoardMutation } from './board-api';
import { BoardPageFrame } from './board-page-frame';

function BoardPartnersEditor({ boardId }: { boardId: string }) {
  const translate = useTranslate();
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<Partner | null>(null);
  const assigned = useBoardCollection(boardId, 'partners', (api, signal) =>
    api.call('GET /boards/:id/partners', { params: { id: String(boardId) }, signal }),
  );
  const candidates = useGetList<Partner>('partners', {
    pagination: { page: 1, perPage: 25 },
    sort: { field: 'name', order: 'ASC' },
    filter: search ? { q: search } : {},
  });
  const assign = useBoardMutation(
    boardId,
    'partners',
    (api, partner: Partner) =>
      api.call('POST /boards/:id/partners', {
        params: { id: String(boardId) },
        body: { partnerId: partner.id },
      }),
    { success: 'portal.board_partners.assigned' },
  );
  const unassign = useBoardMutation(
    boardId,
    'partners',
    (api, partner: Partner) =>
      api.call('DELETE /boards/:id/partners/:partnerId', {
        params: { id: String(boardId), partnerId: partner.id },
      }),
    { success: 'portal.board_partners.unassigned' },
  );
  if (assigned.isPending) return <Loading />;
  const assignedIds = new Set((assigned.data ?? []).map((partner) => partner.id));
  return (
    <>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', mb: 2, maxWidth: 640 }}>
        <Autocomplete
          sx={{ flexGrow: 1 }}
          options={(candidates.data ?? []).filter((partner) => !assignedIds.has(partner.id))}
          loading={candidates.isFetching}
          value={chosen}
          onChange={(_event, value) => setChosen(value)}
          onInputChange={(_event, value, reason) => {
            if (reason === 'input') setSearch(value);
          }}
          filterOptions={(options) => options}
          getOptionLabel={(partner) => partner.name}
          isOptionEqualToValue={(option, value) => option.id === value.id}
          renderInput={(params) => <TextField {...params} label={translate('portal.board_partners.pick')} />}
        />
        <Button
          variant="contained"
          startIcon={<Add />}
          disabled={!chosen || assign.isPending}
          onClick={() => chosen && assign.mutate(chosen, { onSuccess: () => setChosen(null) })}
        >
          {translate('portal.board_partners.assign')}
        </Button>
      </Box>
      {(assigned.data ?? []).length === 0 ? (
        <Alert severity="info">{translate('portal.board_partners.empty')}</Alert>
      ) : (
        <Card variant="outlined">
          <List aria-label={translate('portal.board_partners.list')}>
            {(assigned.data ?? []).map((partner) => (
              <ListItem
                key={partner.id}
                secondaryAction={
                  <IconButton
                    edge="end"
                    aria-label={translate('portal.board_partners.unassign_for', { name: partner.name })}
                    onClick={() => unassign.mutate(partner)}
                  >
                    <LinkOff />
                  </IconButton>
                }
              >
                <ListItemAvatar>
                  <Avatar src={partner.logoUrl ?? undefined} alt="" variant="rounded">
                    {partner.name.charAt(0)}
                  </Avatar>
                </ListItemAvatar>
                <ListItemText
                  primary={partner.name}
                  secondary={translate('portal.board_partners.assigned_count', {
                    smart_count: partner.assignedCount,
                  })}
                />
              </ListItem>
            ))}
          </List>
        </Card>
      )}
    </>
  );
}

/** /admin/boards/{boardId}/partners/edit: the partners the board shows; assign one of the partners, unassign. */
export function BoardPartnersPage() {
  const { id } = useParams<'id'>();
  return (
    <BoardPageFrame titleKey="portal.board_partners.title">
      {() => <BoardPartnersEditor boardId={id!} />}
    </BoardPageFrame>
  );
}
