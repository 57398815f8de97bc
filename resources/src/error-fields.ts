import { errorMessage } from './error-messages.js';
import type { ErrorItem } from './errors.js';

/**
 * The field an error's resource names: validation errors say where it was found (`body.owner.email`,
 * `querystring.page`), rule errors name the field itself (`owner.email`).
 */
export const errorFieldPath = (resource: string) => resource.replace(/^(body|querystring|params)\./, '');

/** A refusal sorted for a form: messages by field, the rest for the form as a whole, and the items codes list. */
export interface ErrorsByField {
  codes: string[];
  /** Messages by the form's field, in the order the server gave them. */
  fields: Record<string, string[]>;
  /** Messages of errors that name no field of the form. */
  form: string[];
  /** What the item-list codes name (their `resources`), once each. */
  items: string[];
}

export interface ErrorsByFieldOptions {
  /** The form's field for a resource's path (`errorFieldPath`); undefined: not a field of this form. */
  field?: (path: string) => string | undefined;
  /** Codes whose resources are things to list under the message (files, members), when they name no field. */
  itemListCodes?: Iterable<string>;
}

/**
 * Sorts the items of an error body (spec calls-auth-errors §3) onto a form's fields by the `resources` they name.
 * Every app's form mapping calls this, so a refusal lands on the same field everywhere. An item without a message
 * gets the one of its code.
 */
export function errorsByField(
  items: readonly ErrorItem[],
  { field = (path) => path, itemListCodes = [] }: ErrorsByFieldOptions = {},
): ErrorsByField {
  const listed = new Set(itemListCodes);
  const result: ErrorsByField = { codes: [], fields: {}, form: [], items: [] };
  for (const item of items) {
    result.codes.push(item.errorCode);
    const given = item.messages.filter(Boolean);
    const messages = given.length > 0 ? given : [errorMessage(item.errorCode)];
    const fields = new Set(
      item.resources
        .map((resource) => field(errorFieldPath(resource)))
        .filter((name): name is string => !!name),
    );
    for (const name of fields) (result.fields[name] ??= []).push(...messages);
    if (fields.size > 0) continue;
    result.form.push(...messages);
    if (!listed.has(item.errorCode)) continue;
    for (const resource of item.resources) if (!result.items.includes(resource)) result.items.push(resource);
  }
  return result;
}
