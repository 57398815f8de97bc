import { ApiError } from '@portal/data-provider';
import { errorsByField, type ErrorsByFieldOptions } from '@portal/resources';

/** A refused call as a form shows it: messages by field, the rest for the form, and the items a code lists. */
export interface FormErrors {
  /** HTTP status (0: no answer), or null for an error that is not an API answer. */
  status: number | null;
  /** Messages for the form as a whole, in the order the server gave them. */
  form: string[];
  /** Messages by field name, for the fields the form has. */
  fields: Record<string, string[]>;
  /** Error codes of the answer. */
  codes: string[];
  /** The items an error lists (e.g. the members that block a deletion). */
  items: string[];
}

/** Codes whose `resources` are an item list to show (spec calls §8.3), not the fields at fault. */
const ITEM_LIST_CODES = ['deletion_with_members', 'user_still_in_projects'];

/**
 * Sorts an error's messages onto the form's fields and the form itself, so every refusal shows the server's own
 * message; `fieldNames` maps the resources the server names to fields (several may share one).
 */
export function formErrorsOf(
  error: unknown,
  fieldNames: Readonly<Record<string, string>> = {},
  fallback = '',
): FormErrors {
  return sortedErrors(error, { field: (path) => fieldNames[path], itemListCodes: ITEM_LIST_CODES }, fallback);
}

/** A refusal sorted by `errorsByField`; an error that is not an API answer is a message for the whole form. */
export function sortedErrors(error: unknown, options: ErrorsByFieldOptions, fallback = ''): FormErrors {
  if (!(error instanceof ApiError)) {
    const message = error instanceof Error && error.message ? error.message : fallback;
    return { status: null, form: message ? [message] : [], fields: {}, codes: [], items: [] };
  }
  const sorted = errorsByField(error.errors, options);
  if (!sorted.form.length && !Object.keys(sorted.fields).length) sorted.form.push(error.message || fallback);
  return { status: error.status, ...sorted };
}

export const hasCode = (errors: FormErrors | null | undefined, code: string): boolean =>
  !!errors?.codes.includes(code);

/** The first message for a field, for a text field's helper text. */
export const fieldError = (errors: FormErrors | null | undefined, field: string): string | undefined =>
  errors?.fields[field]?.[0];
