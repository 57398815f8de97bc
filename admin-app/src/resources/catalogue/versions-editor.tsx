import Add from '@mui/icons-material/Add';
import Delete from '@mui/icons-material/Delete';
import Edit from '@mui/icons-material/Edit';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Loading, SimpleForm, useNotify, useTranslate } from 'react-admin';
import type { ApiClient } from '@portal/data-provider';
import type { z } from 'zod';
import { submissionErrors, zodValidate } from '../../generator/form-helpers';
import { useApi } from '../../providers/api-context';
import { toAdminError } from '../../providers/errors';
import { ConfirmDialog } from '../../shared/confirm-dialog';
import { SaveOnlyToolbar } from '../../generator/save-toolbar';

/** What a versions page needs of a version: its id and label. */
export interface VersionRow {
  id: string;
  version: string;
}

/**
 * The typed calls of an item's versions (`api.call('GET /software/:id/versions', …)` and the like), so the rows
 * and the body sent are the server's schemas.
 */
interface VersionCalls<V extends VersionRow, S extends z.ZodType> {
  list: (api: ApiClient, signal: AbortSignal) => Promise<readonly V[]>;
  /** Creates a version (`versionId` null) or replaces one. */
  save: (api: ApiClient, versionId: string | null, body: z.output<S>) => Promise<unknown>;
  remove: (api: ApiClient, versionId: string) => Promise<unknown>;
}

export interface VersionsEditorProps<V extends VersionRow, S extends z.ZodType> {
  /** The API path of the item's versions (`software/{id}/versions`): the cache key its pages share. */
  base: string;
  calls: VersionCalls<V, S>;
  /** The columns between the version label and the row's buttons. */
  columns: { header: string; cell: (version: V) => ReactNode }[];
  /** The version payload's schema: the form's validation (the API's messages) and what is sent. */
  schema: S;
  /** The form's values as the schema reads them. */
  toInput: (values: Record<string, unknown>) => Record<string, unknown>;
  /** A version (or a new one) as the form edits it. */
  toFormRecord: (version: V | null) => Record<string, unknown>;
  /** The form's inputs. */
  inputs: ReactNode;
}

/** The query key of an item's versions: a change to a version or its files reads them again. */
export const versionsKey = (base: string) => ['versions', base];

/**
 * The versions of a catalogue item (a tool or a bundle), one editor for both: the list with edit and delete per
 * version, and the add or edit form checked with the version schema before the API's own check.
 */
export function VersionsEditor<V extends VersionRow, S extends z.ZodType>({
  base,
  calls,
  columns,
  schema,
  toInput,
  toFormRecord,
  inputs,
}: VersionsEditorProps<V, S>) {
  const api = useApi();
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<V | 'new' | null>(null);
  const [deleting, setDeleting] = useState<V | null>(null);
  const key = versionsKey(base);
  const { data, isPending } = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => calls.list(api, signal),
  });
  if (isPending) return <Loading />;
  const versions = data ?? [];
  const current = editing === 'new' ? null : editing;

  const save = async (values: Record<string, unknown>) => {
    try {
      // The form checked the values with this schema before it submits them.
      await calls.save(api, current?.id ?? null, schema.parse(toInput(values)));
    } catch (error) {
      return submissionErrors(error);
    }
    await queryClient.invalidateQueries({ queryKey: key });
    notify('portal.versions.saved', { type: 'success' });
    setEditing(null);
  };

  const remove = async (version: V) => {
    try {
      await calls.remove(api, version.id);
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
      {versions.length === 0 ? (
        <Alert severity="info">{translate('portal.versions.empty')}</Alert>
      ) : (
        <Card variant="outlined">
          <Table size="small" aria-label={translate('portal.versions.list')}>
            <TableHead>
              <TableRow>
                <TableCell>{translate('portal.versions.version')}</TableCell>
                {columns.map((column) => (
                  <TableCell key={column.header}>{translate(column.header)}</TableCell>
                ))}
                <TableCell>{translate('portal.list.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {versions.map((version) => (
                <TableRow key={version.id}>
                  <TableCell>
                    <strong>{version.version}</strong>
                  </TableCell>
                  {columns.map((column) => (
                    <TableCell key={column.header}>{column.cell(version)}</TableCell>
                  ))}
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
              toolbar={<SaveOnlyToolbar />}
              key={current?.id ?? 'new'}
              noValidate
              record={toFormRecord(current)}
              onSubmit={save}
              validate={(values) => zodValidate(schema, 'version')(toInput(values))}
            >
              {inputs}
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
