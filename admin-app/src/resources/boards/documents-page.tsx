import Add from '@mui/icons-material/Add';
import Delete from '@mui/icons-material/Delete';
import LinkOff from '@mui/icons-material/LinkOff';
import PlaylistAdd from '@mui/icons-material/PlaylistAdd';
import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import MuiButton from '@mui/material/Button';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { boardDocumentsResource, type BoardDocument, type PortalDocument } from '@portal/resources';
import { useId, useState } from 'react';
import {
  Button,
  useBasename,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
  useUpdate,
} from 'react-admin';
import { Link, useParams } from 'react-router-dom';
import { GeneratedList, type ViewCustomization } from '../../generator/views';
import { boardPagePath } from './board-actions';
import { boardKey, useApi, useNotifyFailure } from './board-api';
import { BoardPageFrame } from './board-page-frame';
import { ConfirmDialog } from '../../shared/confirm-dialog';

/** SAMI-imported or added by an admin (spec §2.4: SAMI versus user documents). */
function SourceChip() {
  const record = useRecordContext<BoardDocument>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Chip
      size="small"
      variant={record.source === 'sami' ? 'filled' : 'outlined'}
      label={translate(`portal.documents.source_${record.source}`)}
    />
  );
}

/** Exclusive and primary, switched in the row. */
function FlagSwitch({ boardId, flag }: { boardId: string; flag: 'exclusive' | 'primary' }) {
  const record = useRecordContext<BoardDocument>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [update, { isPending }] = useUpdate();
  if (!record) return null;
  return (
    <Switch
      checked={record[flag]}
      disabled={isPending}
      onClick={(event) => event.stopPropagation()}
      onChange={(event) =>
        void update(
          'board-documents',
          { id: record.id, data: { [flag]: event.target.checked }, previousData: record, meta: { boardId } },
          {
            mutationMode: 'pessimistic',
            onSuccess: () => {
              notify('portal.documents.saved', { type: 'success' });
              // Making one document primary makes the previous one not primary.
              if (flag === 'primary') refresh();
            },
          },
        )
      }
      slotProps={{
        input: { 'aria-label': translate(`portal.documents.${flag}_for`, { title: record.title }) },
      }}
    />
  );
}

function DocumentActions({ boardId }: { boardId: string }) {
  const record = useRecordContext<BoardDocument>();
  const translate = useTranslate();
  const api = useApi();
  const notify = useNotify();
  const notifyFailure = useNotifyFailure();
  const refresh = useRefresh();
  const [asking, setAsking] = useState<'unassign' | 'delete' | null>(null);
  const [busy, setBusy] = useState(false);
  if (!record) return null;
  const run = async () => {
    setBusy(true);
    try {
      const params = { id: boardId, documentId: record.id };
      if (asking === 'delete') await api.call('DELETE /boards/:id/documents/:documentId', { params });
      else await api.call('DELETE /boards/:id/document-assignments/:documentId', { params });
      notify(asking === 'delete' ? 'portal.documents.deleted' : 'portal.documents.unassigned', {
        type: 'success',
      });
      refresh();
    } catch (error) {
      notifyFailure(error);
    } finally {
      setBusy(false);
      setAsking(null);
    }
  };
  return (
    <span onClick={(event) => event.stopPropagation()}>
      <IconButton
        size="small"
        aria-label={translate('portal.documents.unassign_for', { title: record.title })}
        onClick={() => setAsking('unassign')}
      >
        <LinkOff fontSize="small" />
      </IconButton>
      {record.source === 'custom' && (
        <IconButton
          size="small"
          aria-label={translate('portal.documents.delete_for', { title: record.title })}
          onClick={() => setAsking('delete')}
        >
          <Delete fontSize="small" />
        </IconButton>
      )}
      <ConfirmDialog
        open={!!asking}
        title={translate(`portal.documents.${asking ?? 'unassign'}_title`)}
        text={translate(`portal.documents.${asking ?? 'unassign'}_text`, { title: record.title })}
        confirmLabel={translate(`portal.documents.${asking ?? 'unassign'}`)}
        busy={busy}
        onClose={() => setAsking(null)}
        onConfirm={() => void run()}
      />
    </span>
  );
}

/** Assigns an existing document (SAMI or user) that the board does not show yet. */
function AssignDocumentButton({ boardId }: { boardId: string }) {
  const translate = useTranslate();
  const api = useApi();
  const notify = useNotify();
  const notifyFailure = useNotifyFailure();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<PortalDocument | null>(null);
  const titleId = useId();
  const { data, isFetching } = useQuery({
    queryKey: [...boardKey(boardId, 'documents/assignable'), search],
    enabled: open,
    queryFn: ({ signal }) =>
      api.callList(
        'GET /boards/:id/documents/assignable',
        { offset: 0, limit: 25, sort: ['title', 'ASC'], filter: search ? { q: search } : {}, signal },
        { params: { id: boardId } },
      ),
  });
  const assign = async () => {
    if (!chosen) return;
    try {
      await api.call('POST /boards/:id/document-assignments', {
        params: { id: boardId },
        body: { documentId: chosen.id },
      });
      notify('portal.documents.assigned', { type: 'success' });
      setOpen(false);
      setChosen(null);
      refresh();
    } catch (error) {
      notifyFailure(error);
    }
  };
  return (
    <>
      <Button label="portal.documents.assign" onClick={() => setOpen(true)}>
        <PlaylistAdd />
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby={titleId} fullWidth maxWidth="sm">
        <DialogTitle id={titleId}>{translate('portal.documents.assign_title')}</DialogTitle>
        <DialogContent>
          <Autocomplete
            options={data?.data ?? []}
            loading={isFetching}
            value={chosen}
            onChange={(_event, value) => setChosen(value)}
            onInputChange={(_event, value, reason) => {
              if (reason === 'input') setSearch(value);
            }}
            filterOptions={(options) => options}
            getOptionLabel={(document) =>
              `${document.title} (${translate(`portal.documents.source_${document.source}`)})`
            }
            isOptionEqualToValue={(option, value) => option.id === value.id}
            renderInput={(params) => (
              <TextField {...params} label={translate('portal.documents.assign_pick')} margin="normal" />
            )}
          />
        </DialogContent>
        <DialogActions>
          <MuiButton onClick={() => setOpen(false)}>{translate('ra.action.cancel')}</MuiButton>
          <MuiButton variant="contained" disabled={!chosen} onClick={() => void assign()}>
            {translate('portal.documents.assign')}
          </MuiButton>
        </DialogActions>
      </Dialog>
    </>
  );
}

function AddDocumentButton({ boardId }: { boardId: string }) {
  const basename = useBasename();
  return (
    <Button
      label="portal.documents.add"
      component={Link}
      to={boardPagePath(basename, boardId, 'documents/add')}
    >
      <Add />
    </Button>
  );
}

/**
 * /admin/boards/{boardId}/documents/edit: the board's documents from their definition, SAMI-imported apart
 * from user documents, with the exclusive and primary switches, assign, unassign and delete.
 */
export function BoardDocumentsPage() {
  const { id } = useParams<'id'>();
  return (
    <BoardPageFrame titleKey="portal.documents.title">
      {(board) => {
        const boardId = String(board.id);
        const customization: ViewCustomization = {
          fields: {
            source: () => <SourceChip key="source" />,
            exclusive: () => <FlagSwitch key="exclusive" boardId={boardId} flag="exclusive" />,
            primary: () => <FlagSwitch key="primary" boardId={boardId} flag="primary" />,
          },
          list: {
            rowClick: false,
            bulkActions: false,
            createButton: <AddDocumentButton boardId={boardId} />,
            actions: <AssignDocumentButton boardId={boardId} />,
            rowActions: <DocumentActions boardId={boardId} />,
          },
        };
        return (
          <GeneratedList
            definition={boardDocumentsResource}
            customization={customization}
            meta={{ boardId: id }}
            title={false}
          />
        );
      }}
    </BoardPageFrame>
  );
}
