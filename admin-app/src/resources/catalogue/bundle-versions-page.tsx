import Chip from '@mui/material/Chip';
import { bundleVersionInputSchema } from '@portal/resources';
import { ArrayInput, BooleanInput, SimpleFormIterator, TextInput, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { CatalogueItemFrame } from './catalogue-page-frame';
import { VersionsEditor } from './versions-editor';

const nullIfEmpty = (value: unknown) => (value === '' || value === undefined ? null : value);
const emptyIfNull = (value: unknown) => value ?? '';
const NEW_BUNDLE_VERSION = { version: '', description: null, released: false, toolVersions: [] };

/** The form's values as the bundle version schema reads them. */
const toBundleVersionInput = (values: Record<string, unknown>) => ({
  version: values.version ?? '',
  description: values.description ?? null,
  released: !!values.released,
  toolVersions: (values.toolVersions as unknown[]) ?? [],
});

function BundleVersionsEditor({ bundleId }: { bundleId: string }) {
  const translate = useTranslate();
  return (
    <VersionsEditor
      base={`software-bundles/${encodeURIComponent(bundleId)}/versions`}
      calls={{
        list: (api, signal) =>
          api.call('GET /software-bundles/:uuid/versions', { params: { uuid: bundleId }, signal }),
        save: (api, versionId, body) =>
          versionId
            ? api.call('PUT /software-bundles/:uuid/versions/:versionId', {
                params: { uuid: bundleId, versionId },
                body,
              })
            : api.call('POST /software-bundles/:uuid/versions', { params: { uuid: bundleId }, body }),
        remove: (api, versionId) =>
          api.call('DELETE /software-bundles/:uuid/versions/:versionId', {
            params: { uuid: bundleId, versionId },
          }),
      }}
      schema={bundleVersionInputSchema}
      toInput={toBundleVersionInput}
      toFormRecord={(version) => version ?? NEW_BUNDLE_VERSION}
      columns={[
        {
          header: 'portal.versions.released',
          cell: (version) => translate(version.released ? 'ra.boolean.true' : 'ra.boolean.false'),
        },
        {
          header: 'portal.versions.tool_versions',
          cell: (version) =>
            version.toolVersions.map((pin) => (
              <Chip
                key={pin.featureId}
                size="small"
                label={`${pin.featureId} ${pin.version}`}
                sx={{ mr: 0.5 }}
              />
            )),
        },
      ]}
      inputs={
        <>
          <TextInput source="version" label="portal.versions.version" isRequired parse={emptyIfNull} />
          <TextInput source="description" label="portal.versions.description" multiline parse={nullIfEmpty} />
          <BooleanInput source="released" label="portal.versions.released" />
          <ArrayInput source="toolVersions" label="portal.versions.tool_versions">
            <SimpleFormIterator inline>
              <TextInput source="featureId" label="portal.versions.dependency_feature" parse={emptyIfNull} />
              <TextInput source="version" label="portal.versions.version" parse={emptyIfNull} />
            </SimpleFormIterator>
          </ArrayInput>
        </>
      }
    />
  );
}

/** /admin/softwarebundle/{id}/versions: the versions of a bundle and the tool versions each pins. */
export function BundleVersionsPage() {
  const { id } = useParams<'id'>();
  return (
    <CatalogueItemFrame resource="software-bundles" id={id!} titleKey="portal.versions.bundle_title">
      {(bundle) => <BundleVersionsEditor bundleId={String(bundle.id)} />}
    </CatalogueItemFrame>
  );
}
