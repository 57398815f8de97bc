/** One changed field of an audit record: its dotted path, the old and the new value (undefined: absent). */
export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
  /** A secret or password hash: that it changed is shown, its values never. */
  hidden: boolean;
}

import { AUDIT_ACTION_SUMMARIES, isSecretField, type AuditAction } from '@portal/resources';

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Plain objects as dotted paths to their leaves (arrays and scalars are leaves); a secret branch is one leaf. */
function flatten(value: unknown, prefix: string, into: Map<string, unknown>) {
  if (!isPlainObject(value) || (prefix && isSecretField(prefix))) {
    into.set(prefix || 'value', value);
    return into;
  }
  for (const [key, inner] of Object.entries(value)) {
    flatten(inner, prefix ? `${prefix}.${key}` : key, into);
  }
  return into;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The changed fields of an audit record's before and after (null before: created; null after: removed), in the
 * order the fields first appear; unchanged fields are left out, secret values are never returned.
 */
export function changedFields(before: unknown, after: unknown): FieldChange[] {
  const old = before === null || before === undefined ? new Map() : flatten(before, '', new Map());
  const now = after === null || after === undefined ? new Map() : flatten(after, '', new Map());
  const fields = [...new Set([...old.keys(), ...now.keys()])];
  return fields
    .filter((field) => !same(old.get(field), now.get(field)))
    .map((field) => {
      const hidden = field.split('.').some(isSecretField);
      return {
        field,
        before: hidden ? undefined : old.get(field),
        after: hidden ? undefined : now.get(field),
        hidden,
      };
    });
}

/** A value as one line of text for the diff view. */
export function valueText(value: unknown): string {
  if (value === undefined) return '—';
  if (value === null) return 'null';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/** Fields the server makes (ids, times, counters): a creation's or deletion's summary leaves them out. */
const SERVER_MADE = new Set(['id', 'createdAt', 'updatedAt', 'deletedAt', 'lastUsedAt', 'at', 'position']);
/** Fields that name a record, shown first in its summary. */
const NAMING = ['name', 'title', 'email', 'clientId', 'version', 'fileName', 'role'];

const isBlank = (value: unknown) =>
  value === null ||
  value === undefined ||
  value === '' ||
  (Array.isArray(value) && value.length === 0) ||
  (isPlainObject(value) && Object.keys(value).length === 0);

const leaf = (field: string) => field.split('.').at(-1)!;
const naming = (field: string) => {
  const index = NAMING.indexOf(field);
  return index === -1 ? NAMING.length : index;
};

/**
 * What a created or deleted record held, in short (issue 45): its name first, then the fields a person set; nulls,
 * empty values and server-made fields (ids, times) are left out.
 */
function summaryFields(value: unknown, side: 'before' | 'after'): FieldChange[] {
  const fields = side === 'after' ? changedFields(null, value) : changedFields(value, null);
  return fields
    .filter((change) => change.hidden || !isBlank(change[side]))
    .filter((change) => !SERVER_MADE.has(leaf(change.field)))
    .sort((a, b) => naming(a.field) - naming(b.field));
}

/** How a record's change reads: a note for an action without fields, a summary of a creation or deletion, or a diff. */
export type RecordChanges =
  | { kind: 'note'; text: string }
  | { kind: 'created' | 'deleted'; fields: FieldChange[] }
  | { kind: 'changed'; fields: FieldChange[] };

export function recordChanges(record: { action: string; before: unknown; after: unknown }): RecordChanges {
  const note = AUDIT_ACTION_SUMMARIES[record.action as AuditAction];
  if (note) return { kind: 'note', text: note };
  const none = (value: unknown) => value === null || value === undefined;
  if (none(record.before) && !none(record.after))
    return { kind: 'created', fields: summaryFields(record.after, 'after') };
  if (none(record.after) && !none(record.before))
    return { kind: 'deleted', fields: summaryFields(record.before, 'before') };
  return { kind: 'changed', fields: changedFields(record.before, record.after) };
}
