/** One changed field of an audit record: its dotted path, the old and the new value (undefined: absent). */
export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
  /** A secret or password hash: that it changed is shown, its values never. */
  hidden: boolean;
}

import { isSecretField } from '@portal/resources';

export { isSecretField };

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
