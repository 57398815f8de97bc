import { errorsByField } from '@portal/resources';
import type { z } from 'zod';
import { apiErrorsOf, toAdminError } from '../providers/errors';

/** A zod schema's verdict on form values, one message per top-level field, as react-admin's `validate` reads it. */
function schemaErrors(schema: z.ZodType, values: unknown, fallbackField = 'root'): Record<string, string> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = typeof issue.path[0] === 'string' ? issue.path[0] : fallbackField;
    errors[key] = errors[key] ? `${errors[key]}\n${issue.message}` : issue.message;
  }
  return errors;
}

/** A react-admin `validate` from a zod schema. */
export const zodValidate =
  (schema: z.ZodType, fallbackField?: string) =>
  (values: Record<string, unknown>): Record<string, string> =>
    schemaErrors(schema, values, fallbackField);

/**
 * What a hand-made form's `onSubmit` answers when the call failed: the API's messages keyed by field, which
 * react-admin puts on the fields; without field errors, the error goes on as it is.
 */
export function submissionErrors(error: unknown): Record<string, unknown> {
  const adminError = toAdminError(error) as { body?: { errors?: Record<string, unknown> } };
  const errors = adminError.body?.errors;
  if (errors && Object.keys(errors).length > 0) return errors;
  throw adminError;
}

type NestedErrors = Record<string, unknown> | unknown[];

/** Puts `message` at `path` in `errors` unless something is already there (the first message wins). */
function placeError(errors: NestedErrors, path: readonly PropertyKey[], message: string): void {
  let node = errors as Record<PropertyKey, unknown>;
  for (let index = 0; index < path.length - 1; index += 1) {
    const key = path[index]!;
    const next = node[key];
    if (typeof next === 'string') return;
    if (next === undefined) node[key] = typeof path[index + 1] === 'number' ? [] : {};
    node = node[key] as Record<PropertyKey, unknown>;
  }
  const last = path[path.length - 1]!;
  if (node[last] === undefined) node[last] = message;
}

/**
 * A zod schema's verdict as nested form errors, the shape react-admin sets on inputs inside an `ArrayInput`:
 * `{ entries: [undefined, { xpath: 'XPath is required.' }] }`. An issue of a list itself (`entries`) is shown under
 * the list when none of its items has one; an issue without a path goes to `fallbackField`.
 */
export function nestedSchemaErrors(
  schema: z.ZodType,
  values: unknown,
  fallbackField = 'root',
): Record<string, unknown> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: Record<string, unknown> = {};
  // Item issues first, so a list's own message does not hide them.
  const issues = [...result.error.issues].sort((a, b) => b.path.length - a.path.length);
  for (const issue of issues) {
    let path: readonly PropertyKey[] = issue.path.length ? issue.path : [fallbackField];
    // react-admin cannot show a message on an entry of a list of plain values (a string list): the list shows it.
    while (path.length > 1 && typeof path[path.length - 1] === 'number') path = path.slice(0, -1);
    placeError(errors, path, issue.message);
  }
  return fillHoles(errors) as Record<string, unknown>;
}

/** Entries without a message as `{}` (react-admin reads every entry of an errors list as an object). */
function fillHoles(node: unknown): unknown {
  if (Array.isArray(node))
    return Array.from(node, (item: unknown) => (item === undefined ? {} : fillHoles(item)));
  if (node && typeof node === 'object') {
    return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, fillHoles(value)]));
  }
  return node;
}

/**
 * A hand-made nested form's `onSubmit` answer when the call failed: the API's messages keyed by their full field
 * path (`body.entries.1.xpath` → `entries.1.xpath`), which react-admin sets on the inputs; without any, the error
 * goes on as it is.
 */
export function nestedSubmissionErrors(error: unknown): Record<string, string> {
  const { fields } = errorsByField(apiErrorsOf(error));
  const errors = Object.fromEntries(Object.entries(fields).map(([field, messages]) => [field, messages[0]!]));
  if (Object.keys(errors).length > 0) return errors;
  throw toAdminError(error);
}
