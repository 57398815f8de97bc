import Add from '@mui/icons-material/Add';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import Delete from '@mui/icons-material/Delete';
import RestoreFromTrash from '@mui/icons-material/RestoreFromTrash';
import Save from '@mui/icons-material/Save';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import {
  gettingStartedListInputSchema,
  type GettingStartedListItem,
  type GettingStartedStep,
} from '@portal/resources';
import { useEffect, useState } from 'react';
import { Loading, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { useBoardCollection, useBoardMutation } from './board-api';
import { BoardPageFrame } from './board-page-frame';
import { moveItem } from '../../shared/move-item';

interface Row extends GettingStartedListItem {
  /** A key for new rows that have no id yet. */
  key: string;
}

let nextKey = 0;
const toRows = (steps: readonly GettingStartedStep[]): Row[] =>
  steps.map((step) => ({ key: step.id, id: step.id, title: step.title, description: step.description }));

/** Per-item messages of the list schema, by row index and field. */
function rowErrors(rows: readonly Row[]): Record<number, Record<string, string>> {
  const result = gettingStartedListInputSchema.safeParse({
    items: rows.map(({ key: _key, ...item }) => item),
  });
  const errors: Record<number, Record<string, string>> = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const [, index, field] = issue.path;
    if (typeof index !== 'number') continue;
    errors[index] ??= {};
    errors[index][String(field ?? 'title')] ??= issue.message;
  }
  return errors;
}

/**
 * Getting-started items of a board, or of one of its design-in steps (`stepId`): the same list, rules and save.
 */
export function GettingStartedEditor({ boardId, stepId }: { boardId: string; stepId?: string }) {
  const translate = useTranslate();
  const segment = stepId ? `dip-steps/${encodeURIComponent(stepId)}/getting-started` : 'getting-started';
  const { data, isPending } = useBoardCollection(boardId, segment, (api, signal) =>
    stepId
      ? api.call('GET /boards/:id/dip-steps/:stepId/getting-started', {
          params: { id: boardId, stepId },
          signal,
        })
      : api.call('GET /boards/:id/getting-started', { params: { id: boardId }, signal }),
  );
  const [rows, setRows] = useState<Row[]>([]);
  const [showErrors, setShowErrors] = useState(false);
  useEffect(() => {
    if (data) setRows(toRows(data));
  }, [data]);
  const save = useBoardMutation(
    boardId,
    segment,
    (api, items: GettingStartedListItem[]) =>
      stepId
        ? api.call('PUT /boards/:id/dip-steps/:stepId/getting-started', {
            params: { id: boardId, stepId },
            body: { items },
          })
        : api.call('PUT /boards/:id/getting-started', { params: { id: boardId }, body: { items } }),
    { success: 'portal.getting_started.saved' },
  );
  if (isPending) return <Loading />;
  const errors = rowErrors(rows);
  const update = (index: number, change: Partial<Row>) =>
    setRows((current) => current.map((row, at) => (at === index ? { ...row, ...change } : row)));
  const submit = () => {
    setShowErrors(true);
    if (Object.keys(errors).length > 0) return;
    save.mutate(rows.map(({ key: _key, ...item }) => item));
  };
  return (
    <>
      <Alert severity="info" sx={{ mb: 2 }}>
        {translate('portal.getting_started.help')}
      </Alert>
      {rows.map((row, index) => (
        <Card key={row.key} variant="outlined" sx={{ mb: 1.5, opacity: row.removed ? 0.6 : 1 }}>
          <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
            <Box sx={{ flexGrow: 1 }}>
              {row.removed && (
                <Chip
                  size="small"
                  color="warning"
                  label={translate('portal.getting_started.marked_removed')}
                  sx={{ mb: 1 }}
                />
              )}
              <TextField
                label={translate('portal.getting_started.field_title')}
                value={row.title}
                required
                disabled={row.removed}
                onChange={(event) => update(index, { title: event.target.value })}
                error={showErrors && !!errors[index]?.title}
                helperText={(showErrors && errors[index]?.title) || ' '}
              />
              <TextField
                label={translate('portal.getting_started.field_description')}
                value={row.description ?? ''}
                multiline
                minRows={2}
                disabled={row.removed}
                onChange={(event) => update(index, { description: event.target.value || null })}
                error={showErrors && !!errors[index]?.description}
                helperText={(showErrors && errors[index]?.description) || ' '}
              />
            </Box>
            <Box sx={{ display: 'flex', flexDirection: 'column' }}>
              <IconButton
                aria-label={translate('portal.getting_started.move_up', { position: index + 1 })}
                disabled={index === 0}
                onClick={() => setRows((current) => moveItem(current, index, index - 1))}
              >
                <ArrowUpward />
              </IconButton>
              <IconButton
                aria-label={translate('portal.getting_started.move_down', { position: index + 1 })}
                disabled={index === rows.length - 1}
                onClick={() => setRows((current) => moveItem(current, index, index + 1))}
              >
                <ArrowDownward />
              </IconButton>
              <IconButton
                aria-label={translate(
                  row.removed ? 'portal.getting_started.recover' : 'portal.getting_started.remove',
                  { position: index + 1 },
                )}
                onClick={() =>
                  row.id
                    ? update(index, { removed: !row.removed })
                    : setRows((current) => current.filter((_row, at) => at !== index))
                }
              >
                {row.removed ? <RestoreFromTrash /> : <Delete />}
              </IconButton>
            </Box>
          </CardContent>
        </Card>
      ))}
      <Box sx={{ display: 'flex', gap: 1, mt: 2 }}>
        <Button
          startIcon={<Add />}
          onClick={() =>
            setRows((current) => [...current, { key: `new-${nextKey++}`, title: '', description: null }])
          }
        >
          {translate('portal.getting_started.add')}
        </Button>
        <Button variant="contained" startIcon={<Save />} disabled={save.isPending} onClick={submit}>
          {translate('ra.action.save')}
        </Button>
      </Box>
    </>
  );
}

/**
 * /admin/boards/{boardId}/getting-started/edit: the board's getting-started items, reordered, added, marked
 * removed or recovered, all applied on save (spec §4).
 */
export function BoardGettingStartedPage() {
  const { id } = useParams<'id'>();
  return (
    <BoardPageFrame titleKey="portal.getting_started.title">
      {() => <GettingStartedEditor boardId={id!} />}
    </BoardPageFrame>
  );
}
