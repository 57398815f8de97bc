import Add from '@mui/icons-material/Add';
import Delete from '@mui/icons-material/Delete';
import Edit from '@mui/icons-material/Edit';
import UploadFile from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  catalogueFileInputSchema,
  toolVersionInputSchema,
  type ToolVersionInput,
  type ToolVersionDetail,
} from '@portal/resources';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ChangeEvent } from 'react';
import {
  ArrayInput,
  BooleanInput,
  Loading,
  NumberInput,
  SimpleForm,
  SimpleFormIterator,
  TextInput,
  useNotify,
  useTranslate,
} from 'react-admin';
import { useParams } from 'react-router-dom';
import { submissionErrors, zodValidate } from '../../generator/form-helpers';
import { useApi } from '../../providers/api-context';
import { toAdminError } from '../../providers/errors';
import { ConfirmDialog } from '../boards/confirm-dialog';
import { CatalogueItemFrame } from './catalogue-page-frame';

type Version = ToolVersionDetail & { exportControlled?: boolean; exportControlClassifications?: string[] };

const nullIfEmpty = (value: unknown) => (value === '' || value === undefined ? null : value);
const emptyIfNull = (value: unknown) => value ?? '';

const NEW_VERSION: ToolVersionInput = {
  version: '',
  versionNumeric: null,
  description: null,
  orderable: true,
  tags: [],
  protocolLink: null,
  spn: null,
  price: null,
  public: true,
  canDownload: true,
  releaseNotes: null,
  exportControlled: false,
  exportControlClassifications: [],
  links: [],
  dependencies: [],
  additionalAttributes: {},
};

/** The form's values as the version schema reads them: an empty price is no price, tags are plain strings. */
export function toVersionInput(values: Record<string, unknown>): Record<string, unknown> {
  const price = values.price as { amountCents?: number | null; currency?: string | null } | null | undefined;
  const hasPrice = !!price && price.amountCents !== null && price.amountCents !== undefined;
  const keys = Object.keys(NEW_VERSION) as (keyof ToolVersionInput)[];
  const input: Record<string, unknown> = {};
  for (const key of keys) input[key] = values[key] ?? NEW_VERSION[key];
  input.price = hasPrice ? { amountCents: price.amountCents, currency: price.currency ?? '' } : null;
  input.tags = ((values.tags as unknown[]) ?? []).map((tag) =>
    typeof tag === 'object' && tag !== null ? ((tag as { value?: string }).value ?? '') : tag,
  );
  input.exportControlClassifications = ((values.exportControlClassifications as unknown[]) ?? []).map(
    (entry) =>
      typeof entry === 'object' && entry !== null ? ((entry as { value?: string }).value ?? '') : entry,
  );
  return input;
}

/** A version as the form edits it: lists of plain strings become lists of `{ value }` rows. */
const toFormRecord = (version: Partial<Version>) => ({
  ...NEW_VERSION,
  ...version,
  tags: (version.tags ?? []).map((value) => ({ value })),
  exportControlClassifications: (version.exportControlClassifications ?? []).map((value) => ({ value })),
});

function VersionForm({
  toolId,
  version,
  onDone,
}: {
  toolId: string;
  version: Version | null;
  onDone: () => void;
}) {
  const api = useApi();
  const notify = useNotify();
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const save = async (values: Record<string, unknown>) => {
    const base = `software/${encodeURIComponent(toolId)}/versions`;
    try {
      await api.request(version ? `${base}/${encodeURIComponent(version.id)}` : base, {
        method: version ? 'PUT' : 'POST',
        json: toolVersionInputSchema.parse(toVersionInput(values)),
      });
    } catch (error) {
      return submissionErrors(error);
    }
    await queryClient.invalidateQueries({ queryKey: ['software-versions', toolId] });
    notify('portal.versions.saved', { type: 'success' });
    onDone();
  };
  return (
    <Card variant="outlined" sx={{ mt: 2 }}>
      <CardContent>
        <Typography variant="h2" sx={{ fontSize: '1.15rem', fontWeight: 500 }}>
          {translate(version ? 'portal.versions.edit_title' : 'portal.versions.add_title', {
            version: version?.version ?? '',
          })}
        </Typography>
        <SimpleForm
          noValidate
          record={toFormRecord(version ?? {})}
          onSubmit={save}
          validate={(values) => zodValidate(toolVersionInputSchema, 'version')(toVersionInput(values))}
        >
          <TextInput source="version" label="portal.versions.version" isRequired parse={emptyIfNull} />
          <NumberInput source="versionNumeric" label="portal.versions.numeric" parse={nullIfEmpty} />
          <TextInput source="description" label="portal.versions.description" multiline parse={nullIfEmpty} />
          <BooleanInput source="orderable" label="portal.versions.orderable" />
          <BooleanInput source="public" label="portal.versions.public" />
          <BooleanInput source="canDownload" label="portal.versions.can_download" />
          <TextInput
            source="spn"
            label="portal.versions.spn"
            helperText="portal.versions.spn_help"
            parse={nullIfEmpty}
          />
          <NumberInput source="price.amountCents" label="portal.versions.price_cents" parse={nullIfEmpty} />
          <TextInput source="price.currency" label="portal.versions.currency" parse={nullIfEmpty} />
          <TextInput source="protocolLink" label="portal.versions.protocol" parse={nullIfEmpty} />
          <TextInput
            source="releaseNotes"
            label="portal.versions.release_notes"
            multiline
            parse={nullIfEmpty}
          />
          <ArrayInput source="tags" label="portal.versions.tags">
            <SimpleFormIterator inline disableReordering>
              <TextInput source="value" label="portal.versions.tag" parse={emptyIfNull} />
            </SimpleFormIterator>
          </ArrayInput>
          <BooleanInput source="exportControlled" label="portal.versions.export_controlled" />
          <ArrayInput source="exportControlClassifications" label="portal.versions.classifications">
            <SimpleFormIterator inline disableReordering>
              <TextInput source="value" label="portal.versions.classification" parse={emptyIfNull} />
            </SimpleFormIterator>
          </ArrayInput>
          <ArrayInput source="links" label="portal.versions.links">
            <SimpleFormIterator inline>
              <TextInput source="title" label="portal.versions.link_title" parse={emptyIfNull} />
              <TextInput source="url" label="portal.versions.link_url" parse={emptyIfNull} />
            </SimpleFormIterator>
          </ArrayInput>
          <ArrayInput source="dependencies" label="portal.versions.dependencies">
            <SimpleFormIterator inline>
              <TextInput
                source="targetFeatureId"
                label="portal.versions.dependency_feature"
                parse={emptyIfNull}
              />
              <NumberInput
                source="minVersionNumeric"
                label="portal.versions.dependency_min"
                parse={nullIfEmpty}
              />
              <NumberInput
                source="maxVersionNumeric"
                label="portal.versions.dependency_max"
                parse={nullIfEmpty}
              />
            </SimpleFormIterator>
          </ArrayInput>
        </SimpleForm>
        <Button onClick={onDone}>{translate('ra.action.cancel')}</Button>
      </CardContent>
    </Card>
  );
}

/** Uploads a file of a version: the bytes as the body, its platform in the query. */
function UploadFileButton({ toolId, version }: { toolId: string; version: Version }) {
  const api = useApi();
  const notify = useNotify();
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const [os, setOs] = useState('windows');
  const [architecture, setArchitecture] = useState('x64');
  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const meta = catalogueFileInputSchema.safeParse({ os, architecture });
    if (!meta.success) {
      notify(meta.error.issues[0]?.message ?? 'portal.versions.upload_failed', { type: 'error' });
      return;
    }
    const query = new URLSearchParams({ os, architecture });
    try {
      await api.request(
        `software/${encodeURIComponent(toolId)}/versions/${encodeURIComponent(version.id)}/files/${encodeURIComponent(file.name)}?${query}`,
        { method: 'PUT', body: file, headers: { 'Content-Type': 'application/octet-stream' } },
      );
      await queryClient.invalidateQueries({ queryKey: ['software-versions', toolId] });
      notify('portal.versions.uploaded', { type: 'success', messageArgs: { file: file.name } });
    } catch (error) {
      notify((toAdminError(error) as Error).message, { type: 'error' });
    }
  };
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', mt: 1 }}>
      <TextField
        size="small"
        label={translate('portal.versions.os')}
        value={os}
        onChange={(e) => setOs(e.target.value)}
      />
      <TextField
        size="small"
        label={translate('portal.versions.architecture')}
        value={architecture}
        onChange={(e) => setArchitecture(e.target.value)}
      />
      <Button component="label" startIcon={<UploadFile />} sx={{ flexShrink: 0 }}>
        {translate('portal.versions.upload', { version: version.version })}
        <input type="file" hidden onChange={(event) => void upload(event)} />
      </Button>
    </Box>
  );
}

function VersionsEditor({ toolId }: { toolId: string }) {
  const api = useApi();
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Version | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Version | null>(null);
  const { data, isPending } = useQuery({
    queryKey: ['software-versions', toolId],
    queryFn: ({ signal }) =>
      api.request<Version[]>(`software/${encodeURIComponent(toolId)}/versions`, { signal }),
  });
  if (isPending) return <Loading />;
  const remove = async (version: Version) => {
    try {
      await api.request(`software/${encodeURIComponent(toolId)}/versions/${encodeURIComponent(version.id)}`, {
        method: 'DELETE',
      });
      await queryClient.invalidateQueries({ queryKey: ['software-versions', toolId] });
      notify('portal.versions.deleted', { type: 'success' });
    } catch (error) {
      notify((toAdminError(error) as Error).message, { type: 'error' });
    } finally {
      setDeleting(null);
    }
  };
  const removeFile = async (version: Version, fileName: string) => {
    try {
      await api.request(
        `software/${encodeURIComponent(toolId)}/versions/${encodeURIComponent(version.id)}/files/${encodeURIComponent(fileName)}`,
        { method: 'DELETE' },
      );
      await queryClient.invalidateQueries({ queryKey: ['software-versions', toolId] });
    } catch (error) {
      notify((toAdminError(error) as Error).message, { type: 'error' });
    }
  };
  return (
    <>
      <Button variant="contained" startIcon={<Add />} onClick={() => setEditing('new')} sx={{ mb: 2 }}>
        {translate('portal.versions.add')}
      </Button>
      {(data ?? []).length === 0 ? (
        <Alert severity="info">{translate('portal.versions.empty')}</Alert>
      ) : (
        <Card variant="outlined">
          <Table size="small" aria-label={translate('portal.versions.list')}>
            <TableHead>
              <TableRow>
                <TableCell>{translate('portal.versions.version')}</TableCell>
                <TableCell>{translate('portal.versions.flags')}</TableCell>
                <TableCell>{translate('portal.versions.spn')}</TableCell>
                <TableCell>{translate('portal.versions.files')}</TableCell>
                <TableCell>{translate('portal.list.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {(data ?? []).map((version) => (
                <TableRow key={version.id}>
                  <TableCell>
                    <strong>{version.version}</strong>
                    {version.versionNumeric !== null && ` (${version.versionNumeric})`}
                  </TableCell>
                  <TableCell>
                    {version.public && (
                      <Chip size="small" label={translate('portal.versions.public')} sx={{ mr: 0.5 }} />
                    )}
                    {version.orderable && (
                      <Chip size="small" label={translate('portal.versions.orderable')} sx={{ mr: 0.5 }} />
                    )}
                    {version.canDownload && (
                      <Chip size="small" label={translate('portal.versions.can_download')} />
                    )}
                  </TableCell>
                  <TableCell>{version.spn || '—'}</TableCell>
                  <TableCell>
                    {version.downloadUrls.map((file) => (
                      <Chip
                        key={file.uuid}
                        size="small"
                        variant="outlined"
                        label={`${file.os}/${file.architecture}`}
                        onDelete={() =>
                          void removeFile(version, (file as { fileName?: string }).fileName ?? '')
                        }
                        sx={{ mr: 0.5, mb: 0.5 }}
                      />
                    ))}
                    <UploadFileButton toolId={toolId} version={version} />
                  </TableCell>
                  <TableCell>
                    <IconButton
                      aria-label={translate('portal.versions.edit', { version: version.version })}
                      onClick={() => setEditing(version)}
                    >
                      <Edit />
                    </IconButton>
                    <IconButton
                      aria-label={translate('portal.versions.delete', { version: version.version })}
                      onClick={() => setDeleting(version)}
                    >
                      <Delete />
                    </IconButton>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Card>
      )}
      {editing && (
        <VersionForm
          key={editing === 'new' ? 'new' : editing.id}
          toolId={toolId}
          version={editing === 'new' ? null : editing}
          onDone={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={!!deleting}
        title={translate('portal.versions.delete_title')}
        text={translate('portal.versions.delete_text', { version: deleting?.version ?? '' })}
        confirmLabel={translate('ra.action.delete')}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && void remove(deleting)}
      />
    </>
  );
}

/** /admin/software/{id}/versions: the versions of a tool, their files, and the version form. */
export function SoftwareVersionsPage() {
  const { id } = useParams<'id'>();
  return (
    <CatalogueItemFrame resource="software" id={id!} titleKey="portal.versions.title">
      {(tool) => <VersionsEditor toolId={String(tool.id)} />}
    </CatalogueItemFrame>
  );
}
