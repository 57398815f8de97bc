import { ApiError } from '@portal/data-provider';
import { DIP_ERROR_CODES, ERROR_CODES } from '@portal/resources';
import type { FormErrors } from '../../model/form-errors';

/**
 * Codes whose `resources` list things to show (spec calls §8.3 and the DIP codes): the files that failed a check,
 * the configurations that are not "customer complete", the step that is not active. Their items are listed under
 * the server's message; other errors' resources name the fields at fault.
 */
const ITEM_LIST_CODES: ReadonlySet<string> = new Set([...ERROR_CODES, ...DIP_ERROR_CODES]);

/** `body.value` → `value`. */
const fieldOf = (resource: string) => resource.replace(/^(body|querystring|params)\./, '');

/**
 * A refused DIP call as a form shows it: a message naming a field the form has (`body.value` → `value`) goes to that
 * field, every other message above the form, with the items its code lists.
 */
export function dipErrorsOf(error: unknown, fields: readonly string[] = []): FormErrors {
  const result: FormErrors = { status: null, form: [], fields: {}, codes: [], items: [] };
  if (!(error instanceof ApiError)) {
    result.form.push(error instanceof Error && error.message ? error.message : '');
    return result;
  }
  result.status = error.status;
  for (const item of error.errors) {
    result.codes.push(item.errorCode);
    const messages = item.messages.filter(Boolean);
    const field = item.resources.map(fieldOf).find((name) => fields.includes(name));
    if (field && messages.length) {
      (result.fields[field] ??= []).push(...messages);
      continue;
    }
    result.form.push(...messages);
    if (ITEM_LIST_CODES.has(item.errorCode)) {
      for (const resource of item.resources)
        if (!result.items.includes(resource)) result.items.push(resource);
    }
  }
  if (!result.form.length && !Object.keys(result.fields).length) result.form.push(error.message);
  return result;
}

/** The messages of a resolve input's rule (`dipResolveInputSchema`) by field, as the server would name them. */
export function issuesByField(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '');
    fields[field] ??= issue.message;
  }
  return fields;
}
