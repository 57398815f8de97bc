import { ApiError } from '@portal/data-provider';

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
const ITEM_LIST_CODES = new Set(['deletion_with_members', 'user_still_in_projects']);

/** `body.newProjectOwner.email` → `newProjectOwner.email`; header and query names stay as they are. */
function fieldOf(resource: string): string {
  return resource.replace(/^(body|querystring|params)\./, '');
}

/**
 * Sorts an error's messages onto the form's fields (by the `resources` the server names) and the form itself, so
 * every refusal is shown with the server's own message. `fieldNames` maps a resource name to a field of the form
 * (several resources may point at one field, e.g. `board` at the serial number).
 */
export function formErrorsOf(
  error: unknown,
  fieldNames: Readonly<Record<string, string>> = {},
  fallback = '',
): FormErrors {
  const result: FormErrors = { status: null, form: [], fields: {}, codes: [], items: [] };
  if (!(error instanceof ApiError)) {
    const message = error instanceof Error && error.message ? error.message : fallback;
    if (message) result.form.push(message);
    return result;
  }
  result.status = error.status;
  for (const item of error.errors) {
    result.codes.push(item.errorCode);
    const messages = item.messages.filter(Boolean);
    if (ITEM_LIST_CODES.has(item.errorCode)) {
      result.form.push(...messages);
      result.items.push(...item.resources);
      continue;
    }
    const field = item.resources.map((resource) => fieldNames[fieldOf(resource)]).find(Boolean);
    if (field && messages.length) (result.fields[field] ??= []).push(...messages);
    else result.form.push(...messages);
  }
  if (!result.form.length && !Object.keys(result.fields).length) result.form.push(error.message || fallback);
  return result;
}

export const hasCode = (errors: FormErrors | null | undefined, code: string): boolean =>
  !!errors?.codes.includes(code);

/** The first message for a field, for a text field's helper text. */
export const fieldError = (errors: FormErrors | null | undefined, field: string): string | undefined =>
  errors?.fields[field]?.[0];
