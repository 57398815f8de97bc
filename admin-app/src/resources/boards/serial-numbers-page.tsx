import Add from '@mui/icons-material/Add';
import Delete from '@mui/icons-material/Delete';
import Download from '@mui/icons-material/Download';
import QrCode2 from '@mui/icons-material/QrCode2';
import IconButton from '@mui/material/IconButton';
import Switch from '@mui/material/Switch';
import { boardSerialNumbersResource, type SerialNumberRecord } from '@portal/resources';
import { useState } from 'react';
import {
  Button,
  useDelete,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
  useUpdate,
  useBasename,
} from 'react-admin';
import { Link, useParams } from 'react-router-dom';
import { GeneratedList, type ViewCustomization } from '../../generator/views';
import { saveFile } from '../../shared/save-file';
import { boardPagePath } from './board-actions';
import { boardPath, useNotifyFailure } from './board-api';
import { useDownload } from '../../providers/api-context';
import { BoardPageFrame } from './board-page-frame';
import { ConfirmDialog } from '../../shared/confirm-dialog';

/** Switches one serial number between single and multi registration (spec §4). */
function MultiRegistrationToggle({ boardId }: { boardId: string }) {
  const record = useRecordContext<SerialNumberRecord>();
  const translate = useTranslate();
  const [update, { isPending }] = useUpdate();
  const notify = useNotify();
  if (!record) return null;
  return (
    <Switch
      checked={record.multiRegistration}
      disabled={isPending}
      onClick={(event) => event.stopPropagation()}
      onChange={(event) =>
        void update(
          'serial-numbers',
          {
            id: record.id,
            data: { multiRegistration: event.target.checked },
            previousData: record,
            meta: { boardId },
          },
          {
            mutationMode: 'pessimistic',
            onSuccess: () => notify('portal.serial_numbers.mode_changed', { type: 'success' }),
          },
        )
      }
      slotProps={{
        input: {
          'aria-label': translate('portal.serial_numbers.multi_for', { value: record.value }),
        },
      }}
    />
  );
}

function SerialNumberActions({ boardId }: { boardId: string }) {
  const record = useRecordContext<SerialNumberRecord>();
  const translate = useTranslate();
  const download = useDownload();
  const notifyFailure = useNotifyFailure();
  const refresh = useRefresh();
  const notify = useNotify();
  const [deleting, setDeleting] = useState(false);
  const [remove, { isPending }] = useDelete();
  if (!record) return null;
  const downloadQr = async () => {
    try {
      const blob = await download(
        boardPath(boardId, `serial-numbers/${encodeURIComponent(record.id)}/qr.png`),
        'image/png',
      );
      saveFile(blob, `${record.value}.png`);
    } catch (error) {
      notifyFailure(error);
    }
  };
  return (
    <span onClick={(event) => event.stopPropagation()}>
      <IconButton
        size="small"
        aria-label={translate('portal.serial_numbers.qr_for', { value: record.value })}
        onClick={() => void downloadQr()}
      >
        <QrCode2 fontSize="small" />
      </IconButton>
      <IconButton
        size="small"
        aria-label={translate('portal.serial_numbers.delete_for', { value: record.value })}
        onClick={() => setDeleting(true)}
      >
        <Delete fontSize="small" />
      </IconButton>
      <ConfirmDialog
        open={deleting}
        title={translate('portal.serial_numbers.delete_title')}
        text={translate('portal.serial_numbers.delete_text', { value: record.value })}
        confirmLabel={translate('ra.action.delete')}
        busy={isPending}
        onClose={() => setDeleting(false)}
        onConfirm={() =>
          void remove(
            'serial-numbers',
            { id: record.id, previousData: record, meta: { boardId } },
            {
              mutationMode: 'pessimistic',
              onSuccess: () => {
                setDeleting(false);
                notify('portal.serial_numbers.deleted', { type: 'success' });
                refresh();
              },
              onError: (error) => {
                setDeleting(false);
                notifyFailure(error);
              },
            },
          )
        }
      />
    </span>
  );
}

function SikButton({ boardId, boardName }: { boardId: string; boardName: string }) {
  const download = useDownload();
  const notifyFailure = useNotifyFailure();
  const downloadSik = async () => {
    try {
      saveFile(await download(boardPath(boardId, 'sik'), 'application/json'), `${boardName}.sik.json`);
    } catch (error) {
      notifyFailure(error);
    }
  };
  return (
    <Button label="portal.serial_numbers.sik" onClick={() => void downloadSik()}>
      <Download />
    </Button>
  );
}

function AddButton({ boardId }: { boardId: string }) {
  const basename = useBasename();
  return (
    <Button
      label="portal.serial_numbers.add"
      component={Link}
      to={boardPagePath(basename, boardId, 'serialnumbers/edit/add')}
    >
      <Add />
    </Button>
  );
}

/**
 * /admin/boards/{boardId}/serialnumbers/edit: the board's serial numbers from their definition (filter, sort,
 * Range pages, bulk delete), with the registration mode switch and the QR code of each, and the Sik file.
 */
export function BoardSerialNumbersPage() {
  const { id } = useParams<'id'>();
  return (
    <BoardPageFrame titleKey="portal.serial_numbers.title">
      {(board) => {
        const boardId = String(board.id);
        const customization: ViewCustomization = {
          fields: { multiRegistration: () => <MultiRegistrationToggle key="multi" boardId={boardId} /> },
          list: {
            rowClick: false,
            createButton: <AddButton boardId={boardId} />,
            actions: <SikButton boardId={boardId} boardName={String(board.name ?? 'board')} />,
            rowActions: <SerialNumberActions boardId={boardId} />,
          },
        };
        return (
          <GeneratedList
            definition={boardSerialNumbersResource}
            customization={customization}
            meta={{ boardId: id }}
            title={false}
          />
        );
      }}
    </BoardPageFrame>
  );
}
