import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  COMMENT_MAX_LENGTH,
  DIP_UPLOAD_COMPLETION_TYPES,
  INPUT_MAX_LENGTH,
  TEXTAREA_MAX_LENGTH,
  dipResolveInputSchema,
  type DipCompletionType,
  type DipProjectStep,
  type DipResolvePayload,
} from '@portal/resources';
import { useId, useRef, useState, type FormEvent, type InputHTMLAttributes } from 'react';
import { useI18n, type MessageKey } from '../../../../i18n/i18n';
import { usePortal } from '../../../../lib/portal-context';
import { key } from '../../../../notifications/notification-store';
import { FormErrorAlert } from '../../components/form-error-alert';
import { resolveStep } from '../api/dip-api';
import { useDipMutation } from '../hooks/use-dip';
import { dipErrorsOf, issuesByField } from '../model/dip-errors';

interface StepFormProps {
  projectId: string;
  step: DipProjectStep;
}

/** A text field per completion type: its label, hint and the longest value the rule takes. */
const TEXT_FIELDS: Partial<
  Record<DipCompletionType, { label: MessageKey; hint?: MessageKey; max: number; multiline?: boolean }>
> = {
  input: { label: 'dip.form.value', max: INPUT_MAX_LENGTH },
  textarea: { label: 'dip.form.text', max: TEXTAREA_MAX_LENGTH, multiline: true },
  'dev-code-input': { label: 'dip.form.devCode', max: INPUT_MAX_LENGTH },
  'short-rom-code-input': { label: 'dip.form.src', hint: 'dip.form.srcHint', max: 8 },
  'sales-code-input': { label: 'dip.form.salesCode', hint: 'dip.form.salesCodeHint', max: 25 },
};

export const takesFiles = (type: DipCompletionType | null) =>
  type !== null && DIP_UPLOAD_COMPLETION_TYPES.includes(type);

/**
 * The input that resolves the active step, by its completion type (spec §3, §5), checked with
 * `dipResolveInputSchema` before sending so its messages are the API's.
 */
export function StepForm({ projectId, step }: StepFormProps) {
  const { t } = useI18n();
  const { notifications } = usePortal();
  const ids = { value: useId(), comment: useId(), checked: useId() };
  const valueRef = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  const checkRef = useRef<HTMLInputElement>(null);
  const commentRef = useRef<HTMLTextAreaElement>(null);
  const [value, setValue] = useState('');
  const [checked, setChecked] = useState(false);
  const [comment, setComment] = useState('');
  const [clientErrors, setClientErrors] = useState<Record<string, string>>({});
  const resolve = useDipMutation(
    projectId,
    (api, payload: DipResolvePayload) => resolveStep(api, projectId, step.id, payload),
    (process) => {
      const after = process.steps.find((candidate) => candidate.id === step.id);
      notifications.notify({
        kind: 'success',
        title: key(after?.state === 'completed' ? 'dip.notice.completed' : 'dip.notice.submitted', {
          number: step.stepNumber,
        }),
      });
    },
  );
  const type = step.completionType;
  const serverErrors = resolve.error ? dipErrorsOf(resolve.error, ['value', 'checked', 'comment']) : null;
  const errorOf = (field: string) => clientErrors[field] ?? serverErrors?.fields[field]?.[0];

  const payload = (): DipResolvePayload => {
    switch (type) {
      case 'check':
        return { checked };
      case 'check-with-comment':
        return { checked, comment };
      case 'input':
      case 'textarea':
      case 'dev-code-input':
      case 'short-rom-code-input':
      case 'sales-code-input':
        return { value };
      default:
        return {};
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = payload();
    const parsed = dipResolveInputSchema(type).safeParse(body);
    if (!parsed.success) {
      const fields = issuesByField(parsed.error.issues);
      setClientErrors(fields);
      // Focus the first field at fault, so keyboard and screen-reader users land on the message.
      if (fields.value) valueRef.current?.focus();
      else if (fields.checked) checkRef.current?.focus();
      else if (fields.comment) commentRef.current?.focus();
      return;
    }
    setClientErrors({});
    resolve.mutate(body);
  };

  const field = type ? TEXT_FIELDS[type] : undefined;
  const submitLabel =
    type === null
      ? t('dip.form.markDone')
      : takesFiles(type)
        ? t('dip.form.submitFiles')
        : type === 'child-project'
          ? t('dip.childProject.retry')
          : t('dip.form.submit');

  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ mt: 1 }}>
      <FormErrorAlert
        errors={serverErrors && (serverErrors.form.length || serverErrors.items.length) ? serverErrors : null}
      />
      {type === null && <Typography sx={{ mb: 1 }}>{t('dip.form.noTask')}</Typography>}
      {field && (
        <TextField
          inputRef={valueRef}
          id={ids.value}
          label={t(field.label)}
          value={value}
          onChange={(event) =>
            setValue(type === 'short-rom-code-input' ? event.target.value.toUpperCase() : event.target.value)
          }
          required
          fullWidth
          multiline={field.multiline}
          minRows={field.multiline ? 4 : undefined}
          error={!!errorOf('value')}
          helperText={
            errorOf('value') ??
            (field.hint
              ? t(field.hint)
              : field.multiline
                ? t('dip.form.length', { length: value.length, max: field.max })
                : undefined)
          }
          slotProps={{ htmlInput: { maxLength: field.max } }}
          sx={{ mb: 2, maxWidth: field.multiline ? undefined : 480 }}
        />
      )}
      {(type === 'check' || type === 'check-with-comment') && (
        <FormControl error={!!errorOf('checked')} sx={{ display: 'block', mb: 1 }}>
          <FormControlLabel
            control={
              <Checkbox
                inputRef={checkRef}
                checked={checked}
                onChange={(event) => setChecked(event.target.checked)}
                slotProps={{
                  input: {
                    'aria-invalid': !!errorOf('checked'),
                    'aria-describedby': errorOf('checked') ? ids.checked : undefined,
                  } as InputHTMLAttributes<HTMLInputElement>,
                }}
              />
            }
            label={t('dip.form.check')}
          />
          {errorOf('checked') && <FormHelperText id={ids.checked}>{errorOf('checked')}</FormHelperText>}
        </FormControl>
      )}
      {type === 'check-with-comment' && (
        <TextField
          inputRef={commentRef}
          id={ids.comment}
          label={t('dip.form.comment')}
          value={comment}
          onChange={(event) => setComment(event.target.value)}
          required
          fullWidth
          multiline
          minRows={3}
          error={!!errorOf('comment')}
          helperText={
            errorOf('comment') ?? t('dip.form.length', { length: comment.length, max: COMMENT_MAX_LENGTH })
          }
          slotProps={{ htmlInput: { maxLength: COMMENT_MAX_LENGTH } }}
          sx={{ mb: 2 }}
        />
      )}
      <Button type="submit" variant="contained" disabled={resolve.isPending} aria-busy={resolve.isPending}>
        {submitLabel}
      </Button>
    </Box>
  );
}
