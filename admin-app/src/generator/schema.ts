import type { FieldDefinition, ResourceDefinition } from '@portal/resources';
import { z } from 'zod';

export type FormMode = 'create' | 'edit';

/** The create or update schema of a definition; undefined when the definition does not offer that form. */
export function formSchema(definition: ResourceDefinition, mode: FormMode): z.ZodType | undefined {
  return mode === 'create' ? definition.create : definition.update;
}

/** The field schemas of an object schema (refinements and pipes keep their object's shape in zod 4). */
export function schemaShape(schema: z.ZodType | undefined): Record<string, z.ZodType> | undefined {
  return schema instanceof z.ZodObject ? (schema.shape as Record<string, z.ZodType>) : undefined;
}

const TEXT_WIDGETS: ReadonlySet<FieldDefinition['widget']> = new Set([
  'text',
  'textarea',
  'rich-text',
  'email',
  'url',
  'image-url',
]);

export const isTextWidget = (field: Pick<FieldDefinition, 'widget'>): boolean =>
  TEXT_WIDGETS.has(field.widget);

/** Widgets whose value is a list: empty means `[]`. */
const isListWidget = (field: Pick<FieldDefinition, 'widget'>): boolean =>
  field.widget === 'multi-select' || field.widget === 'role-multi-select' || field.widget === 'string-list';

/**
 * Whether a field is read-only on this record's edit form: fixed after creation, or made read-only by a flag of
 * the record (a board's release flag when its data source provides it).
 */
export function isLockedOnEdit(field: FieldDefinition, record: Record<string, unknown> | undefined): boolean {
  return !!field.createOnly || (!!field.readOnlyWhen && record?.[field.readOnlyWhen] === true);
}

/** Whether the schema of a field takes null: an emptied text input is then sent as null, not as ''. */
export function acceptsNull(fieldSchema: z.ZodType | undefined): boolean {
  return !!fieldSchema && fieldSchema.safeParse(null).success;
}

/** Whether a field must be filled in: its schema refuses it missing, null and (for texts) empty. */
export function isRequiredField(field: FieldDefinition, fieldSchema: z.ZodType | undefined): boolean {
  if (!fieldSchema || field.widget === 'boolean') return false;
  if (fieldSchema.safeParse(undefined).success || fieldSchema.safeParse(null).success) return false;
  if (isTextWidget(field) || field.widget === 'select' || field.widget === 'reference')
    return !fieldSchema.safeParse('').success;
  if (isListWidget(field)) return !fieldSchema.safeParse([]).success;
  return true;
}

/**
 * The fields a form shows: the definition's fields the form's schema takes, never read-only or secret ones.
 * Create-only fields appear on the edit form too, disabled, so a record still shows what identifies it.
 */
export function formFields(definition: ResourceDefinition, mode: FormMode): FieldDefinition[] {
  const schema = formSchema(definition, mode);
  if (!schema) return [];
  const shape = schemaShape(schema);
  return definition.fields.filter((field) => {
    if (field.readOnly || field.widget === 'secret') return false;
    if (mode === 'edit' && field.createOnly) return true;
    return shape ? field.source in shape : true;
  });
}

/** Fields a record shows (list columns, show page, CSV export): everything but secrets. */
export const visibleFields = (definition: ResourceDefinition): FieldDefinition[] =>
  definition.fields.filter((field) => field.widget !== 'secret');

/** Fields whose value the API answers once (a service account's secret) and the console must show then. */
export const secretFields = (definition: ResourceDefinition): FieldDefinition[] =>
  definition.fields.filter((field) => field.widget === 'secret');

export function fieldOf(definition: ResourceDefinition, source: string): FieldDefinition {
  return (
    definition.fields.find((field) => field.source === source) ?? {
      source,
      label: humanize(source),
      widget: 'text',
    }
  );
}

function humanize(source: string): string {
  const words = source
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[-_]+/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Starting values of a create form, so untouched booleans, lists and optional texts are valid as they are. */
export function createDefaults(definition: ResourceDefinition): Record<string, unknown> {
  const shape = schemaShape(definition.create) ?? {};
  const defaults: Record<string, unknown> = {};
  for (const field of formFields(definition, 'create')) {
    const fieldSchema = shape[field.source];
    if (field.widget === 'boolean') defaults[field.source] = false;
    else if (isListWidget(field)) defaults[field.source] = [];
    else if (acceptsNull(fieldSchema)) defaults[field.source] = null;
    else if (isTextWidget(field)) defaults[field.source] = '';
  }
  return defaults;
}

/**
 * What a form sends: the keys of the form's schema (so an update carries an unchanged create-only key it
 * requires), texts normalised the way the schema reads them. Without an object schema, the form's fields.
 */
export function toPayload(
  definition: ResourceDefinition,
  mode: FormMode,
  values: Record<string, unknown>,
): Record<string, unknown> {
  const schema = formSchema(definition, mode);
  const shape = schemaShape(schema);
  const keys = shape ? Object.keys(shape) : formFields(definition, mode).map((field) => field.source);
  const payload: Record<string, unknown> = {};
  for (const key of keys) {
    const value = values[key];
    if (value !== undefined && value !== null && value !== '') {
      payload[key] = value;
      continue;
    }
    const fieldSchema = shape?.[key];
    if (acceptsNull(fieldSchema)) payload[key] = null;
    // An emptied text stays '' so a required text answers its own "is required" message.
    else if (value !== undefined && isTextWidget(fieldOf(definition, key))) payload[key] = '';
  }
  return payload;
}

export type FieldErrors = Record<string, string>;

/**
 * The schema's verdict on a form as react-admin reads it: one message per field, the first one zod gives,
 * which is the same text the API answers for the same value. An issue of the whole record (a refinement
 * without a path) or of a field the form does not show goes to the first field of the form.
 */
export function validateWithSchema(
  definition: ResourceDefinition,
  mode: FormMode,
  values: Record<string, unknown>,
): FieldErrors {
  const schema = formSchema(definition, mode);
  if (!schema) return {};
  const result = schema.safeParse(toPayload(definition, mode, values));
  if (result.success) return {};
  const shown = formFields(definition, mode).filter((field) => !(mode === 'edit' && field.createOnly));
  const shownSources = new Set(shown.map((field) => field.source));
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const path = issue.path[0];
    // A field the form does not show (or the record as a whole) still gets its message seen: on the first field.
    const key = typeof path === 'string' && shownSources.has(path) ? path : shown[0]?.source;
    if (key && !(key in errors)) errors[key] = issue.message;
  }
  return errors;
}
