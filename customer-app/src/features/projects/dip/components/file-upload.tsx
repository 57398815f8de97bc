import UploadFile from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  dipUploadAcceptedTypes,
  FILE_NAME_MAX_LENGTH,
  MAX_UPLOAD_FILE_SIZE_BYTES,
  MAX_XML_FILE_SIZE_BYTES,
  sizeLimitText,
  type DipProjectStep,
} from '@portal/resources';
import { useId, useRef, useState, type DragEvent } from 'react';
import { useI18n } from '../../../../i18n/i18n';
import { statusTitleKey } from '../../../../notifications/status-title';
import { useUploads, type UploadEntry } from '../hooks/use-uploads';
import type { UploadTarget } from '../model/file-checks';

interface FileUploadProps {
  projectId: string;
  step: DipProjectStep;
  target: UploadTarget;
}

/**
 * The upload area of a file step: a drop zone with a "Choose files" button (the keyboard's and screen reader's way
 * in), the rules the files must meet, and each file's progress or refusal.
 */
export function FileUpload({ projectId, step, target }: FileUploadProps) {
  const { t } = useI18n();
  const inputId = useId();
  const rulesId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const { entries, addFiles, cancel, dismiss } = useUploads(projectId, step, target);

  const accept = dipUploadAcceptedTypes(target)?.join(',');

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    void addFiles(Array.from(event.dataTransfer.files));
  };

  return (
    <Box component="section" aria-label={t('dip.upload.region', { number: step.stepNumber })} sx={{ mb: 2 }}>
      <Box
        data-testid="dip-drop-zone"
        onDragEnter={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragOver={(event) => {
          event.preventDefault();
          event.dataTransfer.dropEffect = 'copy';
        }}
        onDragLeave={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
        }}
        onDrop={onDrop}
        sx={{
          border: 2,
          borderStyle: 'dashed',
          borderColor: dragging ? 'primary.main' : 'divider',
          bgcolor: dragging ? 'action.hover' : 'transparent',
          borderRadius: 1,
          p: 2,
          textAlign: 'center',
        }}
      >
        <UploadFile aria-hidden="true" color="action" />
        <Typography sx={{ mb: 1 }}>{dragging ? t('dip.upload.dropActive') : t('dip.upload.drop')}</Typography>
        <input
          ref={input}
          id={inputId}
          type="file"
          multiple
          hidden
          accept={accept}
          onChange={(event) => {
            const files = Array.from(event.target.files ?? []);
            // Picking the same file again after a refusal must fire change again.
            event.target.value = '';
            void addFiles(files);
          }}
        />
        <Button variant="outlined" onClick={() => input.current?.click()} aria-describedby={rulesId}>
          {t('dip.upload.choose')}
        </Button>
        <Box id={rulesId} sx={{ mt: 1 }}>
          {step.completionType === 'file-upload-xml-validation' && (
            <Typography variant="body2" color="text.secondary">
              {t('dip.upload.rulesXml', { maxSize: sizeLimitText(MAX_XML_FILE_SIZE_BYTES) })}
            </Typography>
          )}
          {step.completionType === 'file-upload-encrypted' && (
            <Typography variant="body2" color="text.secondary">
              {t('dip.upload.rulesEncrypted')}
            </Typography>
          )}
          {target.acceptedFileTypes && (
            <Typography variant="body2" color="text.secondary">
              {t('dip.upload.accepted', { types: target.acceptedFileTypes.join(', ') })}
            </Typography>
          )}
          <Typography variant="body2" color="text.secondary">
            {t('dip.upload.rules', {
              maxSize: sizeLimitText(MAX_UPLOAD_FILE_SIZE_BYTES),
              maxNameLength: FILE_NAME_MAX_LENGTH,
            })}
          </Typography>
        </Box>
      </Box>
      {entries.length > 0 && (
        <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, mt: 2, mb: 0 }}>
          {entries.map((entry) => (
            <li key={entry.id}>
              <UploadRow
                entry={entry}
                onCancel={() => cancel(entry.id)}
                onDismiss={() => dismiss(entry.id)}
              />
            </li>
          ))}
        </Stack>
      )}
    </Box>
  );
}

function UploadRow({
  entry,
  onCancel,
  onDismiss,
}: {
  entry: UploadEntry;
  onCancel: () => void;
  onDismiss: () => void;
}) {
  const { t } = useI18n();
  const { name } = entry;
  if (entry.status === 'refused' || entry.status === 'failed' || entry.status === 'cancelled') {
    const status = entry.errors?.status ?? null;
    return (
      <Alert
        severity={entry.status === 'cancelled' ? 'info' : 'error'}
        role={entry.status === 'cancelled' ? 'status' : 'alert'}
        action={
          <Button
            color="inherit"
            size="small"
            onClick={onDismiss}
            aria-label={t('dip.upload.dismissLabel', { name })}
          >
            {t('dip.upload.dismiss')}
          </Button>
        }
      >
        {entry.status === 'cancelled' ? (
          t('dip.upload.cancelled', { name })
        ) : (
          <>
            <AlertTitle>
              {t('dip.upload.refused', { name })}
              {status !== null && ` (${t(statusTitleKey(status))})`}
            </AlertTitle>
            {entry.problems.map((problem) => (
              <div key={problem.code}>{problem.message}</div>
            ))}
            {entry.errors?.form.map((message, index) => (
              <div key={index}>{message}</div>
            ))}
            {entry.errors && entry.errors.items.length > 0 && (
              <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
                {entry.errors.items.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </Box>
            )}
          </>
        )}
      </Alert>
    );
  }
  const percent = entry.size > 0 ? Math.min(100, Math.round((entry.loaded / entry.size) * 100)) : 0;
  const label =
    entry.status === 'checking' ? t('dip.upload.checking', { name }) : t('dip.upload.uploading', { name });
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>
          {name}
        </Typography>
        <LinearProgress
          aria-label={label}
          variant={entry.status === 'uploading' ? 'determinate' : 'indeterminate'}
          value={percent}
          sx={{ mt: 0.5 }}
        />
      </Box>
      <Typography variant="body2" sx={{ minWidth: '3.5em', textAlign: 'right' }}>
        {entry.status === 'uploading' ? t('dip.upload.percent', { percent }) : ''}
      </Typography>
      <Button size="small" onClick={onCancel} aria-label={t('dip.upload.cancelLabel', { name })}>
        {t('dip.upload.cancel')}
      </Button>
    </Box>
  );
}
