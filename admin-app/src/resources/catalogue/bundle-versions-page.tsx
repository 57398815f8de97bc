import Add from '@mui/icons-material/Add';
import Delete from '@mui/icons-material/Delete';
import Edit from '@mui/icons-material/Edit';
import Alert from '@mui/material/Alert';
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
import Typography from '@mui/material/Typography';
import { bundleVersionInputSchema, type BundleVersion } from '@portal/resources';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  ArrayInput,
  BooleanInput,
  Loading,
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

const nullIfEmpty = (value: unknown) => (value === '' || value === undefined ? null : value);
const emptyIfNull = (value: unknown) => value ?? '';
const NEW_BUNDLE_VERSION = { version: '', description: null, released: false, toolVersions: [] };
const pick = (values: Record<string, unknown>) => ({
  version: values.version ?? '',
  description: values.description ?? null,
  released: !!values.released,
  toolVersions: (values.toolVersions as unknown[]) ?? [],
});

function BundleVersionsEditor({ bundleId }: { bundleId: string }) {
  const api = useApi();
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<BundleVersion | 'new' | null>(null);
  const [deleting, setDeleting] = useState<BundleVersion | null>(null);
  const base = `software-bundles/${encodeURIComponent(bundleId)}/versions`;
  const key = ['bundle-versions', bundleId];
  const { data, isPending } = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => api.request<BundleVersion[]>(base, { signal }),
  });
  if (isPending) return <Loading />;
  const current = editing === 'new' ? null : editing;
  const save = async (values: Record<string, unknown>) => {
    try {
      await api.request(current ? `${base}/${encodeURIComponent(current.id)}` : base, {
        method: current ? 'PUT' : 'POST',
        json: bundleVersionInputSchema.parse(pick(values)),
      });
    } catch (error) {
      return submissionErrors(error);
    }
    await queryClient.invalidateQueries({ queryKey: key });
    notify('portal.versions.saved', { type: 'success' });
    setEditing(null);
  };
  const remove = async (version: BundleVersion) => {
    try {
      await api.request(`${base}/${encodeURIComponent(version.id)}`, { method: 'DELETE' });
      await queryClient.invalidateQueries({ queryKey: key });
      notify('portal.versions.deleted', { type: 'success' });
    } catch (error) {
      notify((toAdminError(error) as Error).message, { type: 'error' });
    } finally {
      setDeleting(null);
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
                <TableCell>{translate('portal.versions.released')}</TableCell>
                <TableCell>{translate('portal.versions.tool_versions')}</TableCell>
                <TableCell>{translate('portal.list.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {(data ?? []).map((version) => (
                <TableRow key={version.id}>
                  <TableCell>
                    <strong>{version.version}</strong>
                  </TableCell>
                  <TableCell>
                    {translate(version.released ? 'ra.boolean.true' : 'ra.boolean.false')}
                  </TableCell>
                  <TableCell>
                    {version.toolVersions.map((pin) => (
                      <Chip
                        key={pin.featureId}
                        size="small"
                        label={`${pin.featureId} ${pin.version}`}
                        sx={{ mr: 0.5 }}
                      />
                    ))}
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
        <Card variant="outlined" sx={{ mt: 2 }}>
          <CardContent>
            <Typography variant="h2" sx={{ fontSize: '1.15rem', fontWeight: 500 }}>
              {translate(current ? 'portal.versions.edit_title' : 'portal.versions.add_title', {
                version: current?.version ?? '',
              })}
            </Typography>
            <SimpleForm
              key={current?.id ?? 'new'}
              noValidate
              record={current ?? NEW_BUNDLE_VERSION}
              onSubmit={save}
              validate={(values) => zodValidate(bundleVersionInputSchema, 'version')(pick(values))}
            >
              <TextInput source="version" label="portal.versions.version" isRequired parse={emptyIfNull} />
              <TextInput
                source="description"
                label="portal.versions.description"
                multiline
                parse={nullIfEmpty}
              />
              <BooleanInput source="released" label="portal.versions.released" />
              <ArrayInput source="toolVersions" label="portal.versions.tool_versions">
                <SimpleFormIterator inline>
                  <TextInput
                    source="featureId"
                    label="portal.versions.dependency_feature"
                    parse={emptyIfNull}
                  />
                  <TextInput source="version" label="portal.versions.version" parse={emptyIfNull} />
                </SimpleFormIterator>
              </ArrayInput>
            </SimpleForm>
            <Button onClick={() => setEditing(null)}>{translate('ra.action.cancel')}</Button>
          </CardContent>
        </Card>
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

/** /admin/softwarebundle/{id}/versions: the versions of a bundle and the tool versions each pins. */
export function BundleVersionsPage() {
  const { id } = useParams<'id'>();
  return (
    <CatalogueItemFrame resource="software-bundles" id={id!} titleKey="portal.versions.bundle_title">
      {(bundle) => <BundleVersionsEditor bundleId={String(bundle.id)} />}
    </CatalogueItemFrame>
  );
}
