import Add from '@mui/icons-material/Add';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import Delete from '@mui/icons-material/Delete';
import DragIndicator from '@mui/icons-material/DragIndicator';
import Save from '@mui/icons-material/Save';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import { ApiError } from '@portal/data-provider';
import { BOARD_TOOLS_MAX, type BoardTool, type SoftwareRecord } from '@portal/resources';
import { useEffect, useState, type DragEvent } from 'react';
import { Loading, useGetList, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { useBoardCollection, useBoardMutation } from './board-api';
import { BoardPageFrame } from './board-page-frame';
import { moveItem } from '../../shared/move-item';

/** A row of the editor: what the list shows of a tool, whether it came from the board or was just added. */
type Row = Pick<BoardTool, 'id' | 'name' | 'featureId' | 'type' | 'isRemoved'>;

const toRow = ({ id, name, featureId, type, isRemoved }: Row): Row => ({
  id,
  name,
  featureId,
  type,
  isRemoved,
});

/** The ids a save sends: tools the catalogue removed are left out, so the server drops them (spec product §4). */
const toolIdsToSave = (rows: readonly Row[]): string[] =>
  rows.filter((row) => !row.isRemoved).map((row) => row.id);

/**
 * The server's refusal, split by row: `PUT boards/{id}/tools` names a refused id by `toolIds.<index>` (index into
 * the ids sent), everything else applies to the whole list.
 */
function saveErrorsOf(
  error: unknown,
  sent: readonly string[],
): { byId: Record<string, string>; general: string[] } {
  const byId: Record<string, string> = {};
  const general: string[] = [];
  if (!(error instanceof ApiError)) {
    general.push(error instanceof Error ? error.message : String(error));
    return { byId, general };
  }
  for (const item of error.errors) {
    const text = item.messages.join(' ') || item.errorCode;
    const ids = item.resources
      .map((resource) => /(?:^|\.)toolIds\.(\d+)$/.exec(resource)?.[1])
      .map((index) => (index === undefined ? undefined : sent[Number(index)]))
      .filter((id): id is string => !!id);
    if (ids.length === 0) general.push(text);
    for (const id of ids) byId[id] = byId[id] ? `${byId[id]} ${text}` : text;
  }
  if (general.length === 0 && Object.keys(byId).length === 0) general.push(error.message);
  return { byId, general };
}

function ToolsEditor({ boardId }: { boardId: string }) {
  const translate = useTranslate();
  const { data, isPending } = useBoardCollection(boardId, 'tools', (api, signal) =>
    api.call('GET /boards/:id/tools', { params: { id: String(boardId) }, signal }),
  );
  const [rows, setRows] = useState<Row[]>([]);
  const [dragged, setDragged] = useState<number | null>(null);
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<SoftwareRecord | null>(null);
  const [saveErrors, setSaveErrors] = useState<ReturnType<typeof saveErrorsOf> | null>(null);
  useEffect(() => {
    if (data) setRows(data.map(toRow));
  }, [data]);
  // The catalogue's tools to pick from, searched on the server by name and feature ID; removed ones cannot be added.
  const candidates = useGetList<SoftwareRecord>('software', {
    pagination: { page: 1, perPage: 25 },
    sort: { field: 'name', order: 'ASC' },
    filter: { isRemoved: false, ...(search ? { q: search } : {}) },
  });
  const save = useBoardMutation(
    boardId,
    'tools',
    (api, toolIds: string[]) =>
      api.call('PUT /boards/:id/tools', { params: { id: String(boardId) }, body: { toolIds } }),
    { success: 'portal.board_tools.saved' },
  );
  if (isPending) return <Loading />;

  const saved = (data ?? []).map((tool) => tool.id).join();
  const changed = rows.map((row) => row.id).join() !== saved;
  const removedCount = rows.filter((row) => row.isRemoved).length;
  const onBoard = new Set(rows.map((row) => row.id));
  const options = (candidates.data ?? []).filter((tool) => !tool.isRemoved && !onBoard.has(tool.id));
  const full = toolIdsToSave(rows).length >= BOARD_TOOLS_MAX;

  const edit = (change: (current: Row[]) => Row[]) => {
    setRows(change);
    setSaveErrors(null);
  };
  const add = () => {
    if (!chosen) return;
    edit((current) => [...current, toRow(chosen)]);
    setChosen(null);
    setSearch('');
  };
  const submit = () => {
    const toolIds = toolIdsToSave(rows);
    setSaveErrors(null);
    save.mutate(toolIds, { onError: (error) => setSaveErrors(saveErrorsOf(error, toolIds)) });
  };
  const onDragOver = (event: DragEvent, index: number) => {
    event.preventDefault();
    if (dragged === null || dragged === index) return;
    edit((current) => moveItem(current, dragged, index));
    setDragged(index);
  };

  return (
    <>
      <Alert severity="info" sx={{ mb: 2 }}>
        {translate('portal.board_tools.help')}
      </Alert>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', mb: 2, maxWidth: 720 }}>
        <Autocomplete
          sx={{ flexGrow: 1 }}
          options={options}
          loading={candidates.isFetching}
          value={chosen}
          onChange={(_event, value) => setChosen(value)}
          onInputChange={(_event, value, reason) => {
            if (reason === 'input') setSearch(value);
          }}
          filterOptions={(found) => found}
          getOptionLabel={(tool) => `${tool.name} (${tool.featureId})`}
          isOptionEqualToValue={(option, value) => option.id === value.id}
          noOptionsText={translate('portal.board_tools.no_match')}
          renderInput={(params) => <TextField {...params} label={translate('portal.board_tools.pick')} />}
        />
        <Button
          variant="outlined"
          startIcon={<Add />}
          disabled={!chosen || full}
          onClick={add}
          sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
        >
          {translate('portal.board_tools.add')}
        </Button>
      </Box>
      {full && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {translate('portal.board_tools.full', { max: BOARD_TOOLS_MAX })}
        </Alert>
      )}
      {(changed || removedCount > 0) && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {translate(changed ? 'portal.board_tools.unsaved' : 'portal.board_tools.removed_pending', {
            smart_count: removedCount,
          })}
        </Alert>
      )}
      {saveErrors && saveErrors.general.length > 0 && (
        <Alert severity="error" sx={{ mb: 2 }} data-testid="board-tools-error">
          {saveErrors.general.join(' ')}
        </Alert>
      )}
      {rows.length === 0 ? (
        <Alert severity="info">{translate('portal.board_tools.empty')}</Alert>
      ) : (
        <Card variant="outlined">
          <List aria-label={translate('portal.board_tools.list')}>
            {rows.map((row, index) => {
              const rowError = saveErrors?.byId[row.id];
              return (
                <ListItem
                  key={row.id}
                  draggable
                  data-testid="board-tool"
                  onDragStart={(event) => {
                    setDragged(index);
                    event.dataTransfer.effectAllowed = 'move';
                    event.dataTransfer.setData('text/plain', row.id);
                  }}
                  onDragOver={(event) => onDragOver(event, index)}
                  onDrop={(event) => {
                    event.preventDefault();
                    setDragged(null);
                  }}
                  onDragEnd={() => setDragged(null)}
                  sx={{
                    opacity: dragged === index ? 0.5 : row.isRemoved ? 0.6 : 1,
                    cursor: 'grab',
                    borderBottom: 1,
                    borderColor: 'divider',
                  }}
                  secondaryAction={
                    <Box>
                      <IconButton
                        aria-label={translate('portal.board_tools.move_up', { name: row.name })}
                        disabled={index === 0}
                        onClick={() => edit((current) => moveItem(current, index, index - 1))}
                      >
                        <ArrowUpward />
                      </IconButton>
                      <IconButton
                        aria-label={translate('portal.board_tools.move_down', { name: row.name })}
                        disabled={index === rows.length - 1}
                        onClick={() => edit((current) => moveItem(current, index, index + 1))}
                      >
                        <ArrowDownward />
                      </IconButton>
                      <IconButton
                        aria-label={translate('portal.board_tools.remove', { name: row.name })}
                        onClick={() => edit((current) => current.filter((_row, at) => at !== index))}
                      >
                        <Delete />
                      </IconButton>
                    </Box>
                  }
                >
                  <ListItemIcon sx={{ minWidth: 40 }}>
                    <DragIndicator aria-hidden />
                  </ListItemIcon>
                  <ListItemText
                    primary={
                      <Box component="span" sx={{ display: 'inline-flex', gap: 1, alignItems: 'center' }}>
                        <span>{row.name}</span>
                        {row.isRemoved && (
                          <Chip
                            size="small"
                            color="warning"
                            label={translate('portal.board_tools.removed')}
                          />
                        )}
                      </Box>
                    }
                    secondary={
                      rowError ? (
                        <Box component="span" sx={{ color: 'error.main' }}>
                          {rowError}
                        </Box>
                      ) : (
                        `${row.featureId} · ${row.type}`
                      )
                    }
                    sx={{ pr: 18 }}
                  />
                </ListItem>
              );
            })}
          </List>
        </Card>
      )}
      <Box sx={{ display: 'flex', gap: 1, mt: 2 }}>
        <Button
          variant="contained"
          startIcon={<Save />}
          disabled={(!changed && removedCount === 0) || save.isPending}
          onClick={submit}
        >
          {translate('ra.action.save')}
        </Button>
        {changed && (
          <Button
            onClick={() => {
              setRows((data ?? []).map(toRow));
              setSaveErrors(null);
            }}
          >
            {translate('portal.board_tools.discard')}
          </Button>
        )}
      </Box>
    </>
  );
}

/**
 * /admin/boards/{boardId}/tools/edit: the catalogue tools the board shows, in their order. Tools are picked from
 * the catalogue, removed, dragged (or moved with the arrow buttons) into order, and saved together; tools the
 * catalogue removed are flagged and dropped at the next save (spec product §4).
 */
export function BoardToolsPage() {
  const { id } = useParams<'id'>();
  return (
    <BoardPageFrame titleKey="portal.boards.tools_title">
      {() => <ToolsEditor boardId={id!} />}
    </BoardPageFrame>
  );
}
