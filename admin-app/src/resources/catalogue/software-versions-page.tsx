import UploadFile from '@mui/icons-material/UploadFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import {
  catalogueFileInputSchema,
  toolVersionInputSchema,
  type ToolVersionDetail,
  type ToolVersionInput,
} from '@portal/resources';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ChangeEvent } from 'react';
import {
  AddItemButton,
  ArrayInput,
  BooleanInput,
  NumberInput,
  SimpleFormIterator,
  TextInput,
  useNotify,
  useTranslate,
} from 'react-admin';
import { useParams } from 'react-router-dom';
import { StringListInput } from '../../generator/inputs';
import { useApi } from '../../providers/api-context';
import { toAdminError } from '../../providers/errors';
import { CatalogueItemFrame } from './catalogue-page-frame';
import { VersionsEditor, versionsKey } from './versions-editor';

type Version = ToolVersionDetail;

/** The tool's versions under the API root: the key of their cache. */
const versionsPath = (toolId: string) => `software/${encodeURIComponent(toolId)}/versions`;

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

/** The form's values as the version schema reads them: an empty price is no price. */
function toVersionInput(values: Record<string, unknown>): Record<string, unknown> {
  const price = values.price as { amountCents?: number | null; currency?: string | null } | null | undefined;
  const hasPrice = !!price && price.amountCents !== null && price.amountCents !== undefined;
  const input: Record<string, unknown> = {};
  for (const key of Object.keys(NEW_VERSION) as (keyof ToolVersionInput)[]) {
    input[key] = values[key] ?? NEW_VERSION[key];
  }
  input.price = hasPrice ? { amountCents: price.amountCents, currency: price.currency ?? '' } : null;
  return input;
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
    try {
      await api.call('PUT /software/:id/versions/:versionId/files/:fileName', {
        params: { id: toolId, versionId: version.id, fileName: file.name },
        query: meta.data,
        body: file,
      });
      await queryClient.invalidateQueries({ queryKey: versionsKey(versionsPath(toolId)) });
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

/** A version's files, each removable, and the upload of another. */
function VersionFiles({ toolId, version }: { toolId: string; version: Version }) {
  const api = useApi();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const removeFile = async (fileName: string) => {
    try {
      await api.call('DELETE /software/:id/versions/:versionId/files/:fileName', {
        params: { id: toolId, versionId: version.id, fileName },
      });
      await queryClient.invalidateQueries({ queryKey: versionsKey(versionsPath(toolId)) });
    } catch (error) {
      notify((toAdminError(error) as Error).message, { type: 'error' });
    }
  };
  return (
    <>
      {version.downloadUrls.map((file) => (
        <Chip
          key={file.uuid}
          size="small"
          variant="outlined"
          label={`${file.os}/${file.architecture}`}
          onDelete={() => void removeFile(file.fileName)}
          sx={{ mr: 0.5, mb: 0.5 }}
        />
      ))}
      <UploadFileButton toolId={toolId} version={version} />
    </>
  );
}

function VersionFlags({ version }: { version: Version }) {
  const translate = useTranslate();
  return (
    <>
      {version.versionNumeric !== null && (
        <Chip size="small" variant="outlined" label={`#${version.versionNumeric}`} sx={{ mr: 0.5 }} />
      )}
      {version.public && <Chip size="small" label={translate('portal.versions.public')} sx={{ mr: 0.5 }} />}
      {version.orderable && (
        <Chip size="small" label={translate('portal.versions.orderable')} sx={{ mr: 0.5 }} />
      )}
      {version.canDownload && <Chip size="small" label={translate('portal.versions.can_download')} />}
    </>
  );
}

function SoftwareVersionsEditor({ toolId }: { toolId: string }) {
  return (
    <VersionsEditor
      base={versionsPath(toolId)}
      calls={{
        list: (api, signal) => api.call('GET /software/:id/versions', { params: { id: toolId }, signal }),
        save: (api, versionId, body) =>
          versionId
            ? api.call('PUT /software/:id/versions/:versionId', { params: { id: toolId, versionId }, body })
            : api.call('POST /software/:id/versions', { params: { id: toolId }, body }),
        remove: (api, versionId) =>
          api.call('DELETE /software/:id/versions/:versionId', { params: { id: toolId, versionId } }),
      }}
      schema={toolVersionInputSchema}
      toInput={toVersionInput}
      toFormRecord={(version) => ({ ...NEW_VERSION, ...version })}
      columns={[
        { header: 'portal.versions.flags', cell: (version) => <VersionFlags version={version} /> },
        { header: 'portal.versions.spn', cell: (version) => version.spn || '—' },
        {
          header: 'portal.versions.files',
          cell: (version) => <VersionFiles toolId={toolId} version={version} />,
        },
      ]}
      inputs={
        <>
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
          <StringListInput source="tags" label="portal.versions.tags" />
          <BooleanInput source="exportControlled" label="portal.versions.export_controlled" />
          <StringListInput source="exportControlClassifications" label="portal.versions.classifications" />
          <ArrayInput source="links" label="portal.versions.links">
            <SimpleFormIterator inline addButton={<AddItemButton label="portal.versions.add_link" />}>
              <TextInput source="title" label="portal.versions.link_title" parse={emptyIfNull} />
              <TextInput source="url" label="portal.versions.link_url" parse={emptyIfNull} />
            </SimpleFormIterator>
          </ArrayInput>
          <ArrayInput source="dependencies" label="portal.versions.dependencies">
            <SimpleFormIterator inline addButton={<AddItemButton label="portal.versions.add_dependency" />}>
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
        </>
      }
    />
  );
}

/** /admin/software/{id}/versions: the versions of a tool, their files, and the version form. */
export function SoftwareVersionsPage() {
  const { id } = useParams<'id'>();
  return (
    <CatalogueItemFrame resource="software" id={id!} titleKey="portal.versions.title">
      {(tool) => <SoftwareVersionsEditor toolId={String(tool.id)} />}
    </CatalogueItemFrame>
  );
}
