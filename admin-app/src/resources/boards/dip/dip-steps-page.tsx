import Add from '@mui/icons-material/Add';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import Delete from '@mui/icons-material/Delete';
import DeleteForever from '@mui/icons-material/DeleteForever';
import MenuBook from '@mui/icons-material/MenuBook';
import RestoreFromTrash from '@mui/icons-material/RestoreFromTrash';
import Save from '@mui/icons-material/Save';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  DEPRECATED_DIP_COMPLETION_TYPES,
  DIP_COMPLETION_TYPES,
  DIP_RESOLVER_ROLES,
  type DipCompletionType,
  type DipResolverRole,
  type DipSteps,
} from '@portal/resources';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { Loading, useBasename, useNotify, useTranslate, type RaRecord } from 'react-admin';
import { Link } from 'react-router-dom';
import { useApi } from '../../../providers/api-context';
import { hasErrorCode } from '../../../providers/errors';
import { boardPagePath } from '../board-actions';
import { boardKey, useNotifyFailure } from '../board-api';
import { BoardPageFrame } from '../board-page-frame';
import { ConfirmDialog } from '../../../shared/confirm-dialog';
import { moveItem } from '../../../shared/move-item';
import { ChildBoardPicker } from './child-board-picker';
import {
  apiStepErrors,
  descriptionHtml,
  descriptionText,
  newStepRow,
  stepErrors,
  toListItem,
  toRows,
  type StepErrors,
  type StepRow,
} from './dip-steps';

const NO_TASK = '';

/** The warnings of the API: steps that do not apply to this board (a secure step on a board that is not secure…). */
function Warnings({ warnings }: { warnings: readonly string[] }) {
  const translate = useTranslate();
  if (warnings.length === 0) return null;
  return (
    <Alert severity="warning" sx={{ mb: 2 }} data-testid="dip-warnings">
      <AlertTitle>{translate('portal.dip.warnings')}</AlertTitle>
      <Box component="ul" sx={{ m: 0, pl: 2 }}>
        {warnings.map((warning) => (
          <li key={warning}>{warning}</li>
        ))}
      </Box>
    </Alert>
  );
}

function ResolverRoles({
  row,
  disabled,
  error,
  onChange,
}: {
  row: StepRow;
  disabled: boolean;
  error?: string;
  onChange: (roles: DipResolverRole[]) => void;
}) {
  const translate = useTranslate();
  const labelId = useId();
  return (
    <FormControl component="fieldset" error={!!error} disabled={disabled} sx={{ mb: 1 }}>
      <FormLabel component="legend" id={labelId}>
        {translate('portal.dip.resolvers')}
      </FormLabel>
      <FormGroup row aria-labelledby={labelId}>
        {DIP_RESOLVER_ROLES.map((role) => (
          <FormControlLabel
            key={role}
            label={translate(`portal.dip.roles.${role}`)}
            control={
              <Checkbox
                checked={row.resolverRoles.includes(role)}
                onChange={(event) =>
                  onChange(
                    event.target.checked
                      ? [...row.resolverRoles, role]
                      : row.resolverRoles.filter((held) => held !== role),
                  )
                }
              />
            }
          />
        ))}
      </FormGroup>
      <FormHelperText>{error ?? ' '}</FormHelperText>
    </FormControl>
  );
}

/** The tasks a step may have: every type, but the deprecated sales code only on a step that already has it. */
function completionChoices(row: StepRow): DipCompletionType[] {
  return DIP_COMPLETION_TYPES.filter(
    (type) => !DEPRECATED_DIP_COMPLETION_TYPES.includes(type) || (!!row.id && row.completionType === type),
  );
}

function StepCard({
  row,
  index,
  count,
  errors,
  boardId,
  onChange,
  onMove,
  onRemove,
}: {
  row: StepRow;
  index: number;
  count: number;
  errors: Record<string, string>;
  boardId: string;
  onChange: (change: Partial<StepRow>) => void;
  onMove: (to: number) => void;
  onRemove: () => void;
}) {
  const translate = useTranslate();
  const basename = useBasename();
  const headingId = useId();
  const [text, setText] = useState(() => descriptionText(row.description));
  const position = index + 1;
  const disabled = !!row.removed;
  const child = row.childProject ?? { boardIspn: '', ownerEmail: '', substituteEmail: null };
  const setChild = (change: Partial<typeof child>) => onChange({ childProject: { ...child, ...change } });
  return (
    <Card
      variant="outlined"
      component="section"
      aria-labelledby={headingId}
      data-testid="dip-step"
      sx={{ mb: 1.5, opacity: row.removed ? 0.6 : 1 }}
    >
      <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
        <Box sx={{ flexGrow: 1, display: 'flex', flexDirection: 'column', gap: 1 }}>
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography id={headingId} variant="h2" sx={{ fontSize: '1.1rem', fontWeight: 500 }}>
              {translate('portal.dip.step', { number: position })}
              {row.title.trim() ? `: ${row.title}` : ''}
            </Typography>
            {!row.id && <Chip size="small" color="info" label={translate('portal.dip.new_step')} />}
            {row.secure && <Chip size="small" label={translate('portal.dip.secure_chip')} />}
            {row.removed && (
              <Chip size="small" color="warning" label={translate('portal.dip.marked_removed')} />
            )}
          </Box>
          <TextField
            label={translate('portal.dip.field_title')}
            value={row.title}
            required
            disabled={disabled}
            onChange={(event) => onChange({ title: event.target.value })}
            error={!!errors.title}
            helperText={errors.title ?? ' '}
          />
          <TextField
            select
            // The empty value reads "None": shown, with its label above it.
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            label={translate('portal.dip.completion_type')}
            value={row.completionType ?? NO_TASK}
            disabled={disabled}
            onChange={(event) => {
              const type = (event.target.value || null) as DipCompletionType | null;
              onChange({
                completionType: type,
                // The system resolves a child project (its resolver is Nobody) from the board and owner asked next.
                ...(type === 'child-project'
                  ? {
                      resolverRoles: ['nobody'] as DipResolverRole[],
                      childProject: row.childProject ?? {
                        boardIspn: '',
                        ownerEmail: '',
                        substituteEmail: null,
                      },
                    }
                  : {}),
              });
            }}
            error={!!errors.completionType}
            helperText={errors.completionType ?? ' '}
          >
            <MenuItem value={NO_TASK}>{translate('portal.dip.no_task')}</MenuItem>
            {completionChoices(row).map((type) => (
              <MenuItem key={type} value={type}>
                {DEPRECATED_DIP_COMPLETION_TYPES.includes(type)
                  ? translate('portal.dip.deprecated', { type: translate(`portal.dip.types.${type}`) })
                  : translate(`portal.dip.types.${type}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label={translate('portal.dip.field_description')}
            value={text}
            multiline
            minRows={2}
            required={!!row.completionType}
            disabled={disabled}
            onChange={(event) => {
              // Kept as typed while editing (blank lines included); saved as the paragraphs it makes.
              setText(event.target.value);
              onChange({ description: descriptionHtml(event.target.value) });
            }}
            error={!!errors.description}
            helperText={errors.description ?? translate('portal.dip.description_help')}
          />
          {row.completionType === 'child-project' && (
            <Box
              component="fieldset"
              sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, m: 0 }}
              disabled={disabled}
            >
              <Typography component="legend" variant="body2" sx={{ px: 0.5 }}>
                {translate('portal.dip.child_project')}
              </Typography>
              {errors.childProject && (
                <Alert severity="error" sx={{ mb: 1 }}>
                  {errors.childProject}
                </Alert>
              )}
              <ChildBoardPicker
                value={child.boardIspn}
                disabled={disabled}
                onChange={(boardIspn) => setChild({ boardIspn })}
                error={errors['childProject.boardIspn']}
              />
              <TextField
                label={translate('portal.dip.child_owner')}
                value={child.ownerEmail}
                type="email"
                required
                fullWidth
                onChange={(event) => setChild({ ownerEmail: event.target.value })}
                error={!!errors['childProject.ownerEmail']}
                helperText={errors['childProject.ownerEmail'] ?? ' '}
              />
              <TextField
                label={translate('portal.dip.child_substitute')}
                value={child.substituteEmail ?? ''}
                type="email"
                fullWidth
                onChange={(event) => setChild({ substituteEmail: event.target.value || null })}
                error={!!errors['childProject.substituteEmail']}
                helperText={errors['childProject.substituteEmail'] ?? ' '}
              />
            </Box>
          )}
          <ResolverRoles
            row={row}
            disabled={disabled}
            error={errors.resolverRoles}
            onChange={(resolverRoles) => onChange({ resolverRoles })}
          />
          <FormControlLabel
            disabled={disabled}
            label={translate('portal.dip.confirmation_required')}
            control={
              <Switch
                checked={row.confirmationRequired}
                onChange={(event) => onChange({ confirmationRequired: event.target.checked })}
              />
            }
          />
          {row.confirmationRequired && (
            <TextField
              select
              slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
              label={translate('portal.dip.completer')}
              value={row.completer ?? ''}
              disabled={disabled}
              onChange={(event) =>
                onChange({ completer: (event.target.value || null) as DipResolverRole | null })
              }
              error={!!errors.completer}
              helperText={errors.completer ?? ' '}
            >
              <MenuItem value="">{translate('portal.dip.completer_provider')}</MenuItem>
              {DIP_RESOLVER_ROLES.map((role) => (
                <MenuItem key={role} value={role}>
                  {translate(`portal.dip.roles.${role}`)}
                </MenuItem>
              ))}
            </TextField>
          )}
          <FormControlLabel
            disabled={disabled}
            label={translate('portal.dip.csa_reset')}
            control={
              <Switch
                checked={row.csaReset}
                onChange={(event) => onChange({ csaReset: event.target.checked })}
              />
            }
          />
          <FormControlLabel
            disabled={disabled}
            label={translate('portal.dip.secure')}
            control={
              <Switch checked={row.secure} onChange={(event) => onChange({ secure: event.target.checked })} />
            }
          />
          <Box>
            {row.id && row.stepNumber ? (
              <Button
                component={Link}
                startIcon={<MenuBook />}
                to={boardPagePath(basename, boardId, `dip/${row.stepNumber}/getting-started`)}
              >
                {translate('portal.dip.getting_started', { number: row.stepNumber })}
              </Button>
            ) : (
              <Typography variant="body2" color="text.secondary">
                {translate('portal.dip.getting_started_unsaved')}
              </Typography>
            )}
          </Box>
        </Box>
        <Box sx={{ display: 'flex', flexDirection: 'column' }}>
          <IconButton
            aria-label={translate('portal.dip.move_up', { position })}
            disabled={index === 0}
            onClick={() => onMove(index - 1)}
          >
            <ArrowUpward />
          </IconButton>
          <IconButton
            aria-label={translate('portal.dip.move_down', { position })}
            disabled={index === count - 1}
            onClick={() => onMove(index + 1)}
          >
            <ArrowDownward />
          </IconButton>
          <IconButton
            aria-label={translate(row.removed ? 'portal.dip.recover' : 'portal.dip.remove', { position })}
            onClick={onRemove}
          >
            {row.removed ? <RestoreFromTrash /> : <Delete />}
          </IconButton>
        </Box>
      </CardContent>
    </Card>
  );
}

function DipStepsEditor({ board }: { board: RaRecord }) {
  const boardId = String(board.id);
  const api = useApi();
  const translate = useTranslate();
  const notify = useNotify();
  const notifyFailure = useNotifyFailure();
  const queryClient = useQueryClient();
  const key = boardKey(boardId, 'dip-steps');
  const { data, isPending } = useQuery({
    queryKey: key,
    queryFn: ({ signal }) =>
      api.call('GET /boards/:id/dip-steps', { params: { id: String(boardId) }, signal }),
  });
  const [rows, setRows] = useState<StepRow[]>([]);
  const [warnings, setWarnings] = useState<string[]>([]);
  const [showErrors, setShowErrors] = useState(false);
  const [serverErrors, setServerErrors] = useState<StepErrors | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  useEffect(() => {
    if (!data) return;
    setRows(toRows(data.steps));
    setWarnings(data.warnings);
  }, [data]);

  const accept = async (answer: DipSteps) => {
    queryClient.setQueryData(key, answer);
    setShowErrors(false);
    setServerErrors(null);
    await queryClient.invalidateQueries({ queryKey: ['boards', boardId] });
  };
  const save = useMutation({
    mutationFn: (steps: StepRow[]) =>
      api.call('PUT /boards/:id/dip-steps', {
        params: { id: String(boardId) },
        body: { steps: steps.map(toListItem) },
      }),
    onSuccess: async (answer) => {
      await accept(answer);
      notify('portal.dip.saved', { type: answer.warnings.length ? 'warning' : 'success' });
    },
    onError: (error) => {
      if (hasErrorCode(error, 'conflict')) {
        setServerErrors({ rows: {}, list: [translate('portal.dip.conflict')] });
        notify('portal.dip.conflict', { type: 'error' });
        return;
      }
      const placed = apiStepErrors(error);
      setServerErrors(placed);
      setShowErrors(true);
      notifyFailure(error);
    },
  });
  const removeAll = useMutation({
    mutationFn: () => api.call('DELETE /boards/:id/dip-steps', { params: { id: String(boardId) } }),
    onSuccess: async (answer) => {
      await accept(answer);
      notify('portal.dip.deleted', { type: 'success' });
    },
    onError: notifyFailure,
    onSettled: () => setConfirmDelete(false),
  });

  if (isPending) return <Loading />;
  const own = stepErrors(rows);
  const shown: StepErrors = showErrors
    ? {
        rows: Object.fromEntries(
          rows.map((_row, index) => [index, { ...serverErrors?.rows[index], ...own.rows[index] }]),
        ),
        list: [...own.list, ...(serverErrors?.list ?? [])],
      }
    : { rows: {}, list: serverErrors?.list ?? [] };
  const update = (index: number, change: Partial<StepRow>) => {
    setServerErrors(null);
    setRows((current) => current.map((row, at) => (at === index ? { ...row, ...change } : row)));
  };
  const submit = () => {
    setShowErrors(true);
    setServerErrors(null);
    if (Object.keys(own.rows).length > 0 || own.list.length > 0) return;
    save.mutate(rows);
  };

  return (
    <>
      <Alert severity="info" sx={{ mb: 2 }}>
        {translate('portal.dip.help')}
      </Alert>
      <Warnings warnings={warnings} />
      {rows.length === 0 && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {translate('portal.dip.empty')}
        </Alert>
      )}
      {rows.map((row, index) => (
        <StepCard
          key={row.key}
          row={row}
          index={index}
          count={rows.length}
          errors={shown.rows[index] ?? {}}
          boardId={boardId}
          onChange={(change) => update(index, change)}
          onMove={(to) => setRows((current) => moveItem(current, index, to))}
          onRemove={() =>
            row.id
              ? update(index, { removed: !row.removed })
              : setRows((current) => current.filter((_row, at) => at !== index))
          }
        />
      ))}
      {shown.list.map((message) => (
        <Alert key={message} severity="error" sx={{ mb: 1 }} role="alert">
          {message}
        </Alert>
      ))}
      <Box sx={{ display: 'flex', gap: 1, mt: 2, flexWrap: 'wrap' }}>
        <Button startIcon={<Add />} onClick={() => setRows((current) => [...current, newStepRow()])}>
          {translate('portal.dip.add')}
        </Button>
        <Button variant="contained" startIcon={<Save />} disabled={save.isPending} onClick={submit}>
          {translate('ra.action.save')}
        </Button>
        {(data?.steps.length ?? 0) > 0 && (
          <Button color="error" startIcon={<DeleteForever />} onClick={() => setConfirmDelete(true)}>
            {translate('portal.dip.delete_all')}
          </Button>
        )}
      </Box>
      <ConfirmDialog
        open={confirmDelete}
        title={translate('portal.dip.delete_all_title')}
        text={translate('portal.dip.delete_all_text', { name: String(board.name ?? '') })}
        confirmLabel={translate('portal.dip.delete_all')}
        busy={removeAll.isPending}
        onClose={() => setConfirmDelete(false)}
        onConfirm={() => removeAll.mutate()}
      />
    </>
  );
}

/**
 * /admin/boards/{boardId}/dip: the board's design-in process (spec §3 DIP step, §5 rules): every step with its
 * task, who resolves and confirms it, its flags, in order; removed and recovered, all applied on save. The form
 * checks the API's own rules (`dipStepListInputSchema`) with its messages; the API's warnings (steps the board's
 * projects leave out) show after loading and saving.
 */
export function BoardDipPage() {
  return (
    <BoardPageFrame titleKey="portal.dip.title">{(board) => <DipStepsEditor board={board} />}</BoardPageFrame>
  );
}
