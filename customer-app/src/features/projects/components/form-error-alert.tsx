import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { useEffect, useRef, type ReactNode } from 'react';
import { useI18n } from '../../../i18n/i18n';
import { statusTitleKey } from '../../../notifications/status-title';
import type { FormErrors } from '../model/form-errors';

interface FormErrorAlertProps {
  errors: FormErrors | null;
  /** Extra content under the messages, e.g. a step-up button. */
  action?: ReactNode;
}

/**
 * The form-level messages of a refused call, titled by the status (spec calls §8.2), with the items a code lists.
 * It takes the focus when it appears so keyboard and screen-reader users land on what went wrong.
 */
export function FormErrorAlert({ errors, action }: FormErrorAlertProps) {
  const { t } = useI18n();
  const ref = useRef<HTMLDivElement>(null);
  const shown = !!errors && (errors.form.length > 0 || errors.items.length > 0);
  useEffect(() => {
    if (shown) ref.current?.focus();
  }, [shown, errors]);
  if (!shown) return null;
  return (
    <Alert severity="error" ref={ref} tabIndex={-1} sx={{ mb: 3 }} action={action}>
      <AlertTitle>
        {errors.status === null ? t('error.unknown') : t(statusTitleKey(errors.status))}
      </AlertTitle>
      {errors.form.map((message, index) => (
        <div key={index}>{message}</div>
      ))}
      {errors.items.length > 0 && (
        <ul style={{ margin: '0.5rem 0 0', paddingLeft: '1.25rem' }}>
          {errors.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      )}
    </Alert>
  );
}
