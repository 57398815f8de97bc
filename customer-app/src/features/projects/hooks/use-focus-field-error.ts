import { useEffect, useRef } from 'react';
import type { FormErrors } from '../model/form-errors';

/**
 * When a refused call's messages all sit on fields (no form-level alert takes the focus), moves the focus to the
 * first field at fault (`<prefix><field>`), so keyboard and screen-reader users land on the message.
 */
export function useFocusFieldError(error: unknown, errors: FormErrors | null, prefix: string) {
  const latest = useRef(errors);
  latest.current = errors;
  useEffect(() => {
    const current = latest.current;
    if (!error || !current || current.form.length || current.items.length) return;
    const field = Object.keys(current.fields)[0];
    if (field) document.getElementById(`${prefix}${field}`)?.focus();
  }, [error, prefix]);
}
