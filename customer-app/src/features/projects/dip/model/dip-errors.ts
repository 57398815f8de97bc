import { DIP_ERROR_CODES, ERROR_CODES } from '@portal/resources';
import { sortedErrors, type FormErrors } from '../../model/form-errors';

/**
 * Codes whose `resources` list things to show (spec calls §8.3 and the DIP codes): the files that failed a check,
 * the configurations that are not "customer complete", the step that is not active. Their items are listed under
 * the server's message; other errors' resources name the fields at fault.
 */
const ITEM_LIST_CODES: readonly string[] = [...ERROR_CODES, ...DIP_ERROR_CODES];

/**
 * A refused DIP call as a form shows it: a message naming a field the form has (`body.value` → `value`) goes to that
 * field, every other message above the form, with the items its code lists.
 */
export function dipErrorsOf(error: unknown, fields: readonly string[] = []): FormErrors {
  return sortedErrors(error, {
    field: (path) => (fields.includes(path) ? path : undefined),
    itemListCodes: ITEM_LIST_CODES,
  });
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
