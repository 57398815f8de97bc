import type { FieldDefinition, ResourceDefinition } from '@portal/resources';
import type { ReactElement } from 'react';
import {
  ArrayInput,
  AutocompleteArrayInput,
  AutocompleteInput,
  BooleanInput,
  DateInput,
  DateTimeInput,
  NumberInput,
  ReferenceInput,
  SelectInput,
  SimpleFormIterator,
  TextInput,
} from 'react-admin';
import type { z } from 'zod';
import { acceptsNull, isRequiredField, isTextWidget } from './schema';

export const toChoices = (values: readonly string[] = []) =>
  values.map((value) => ({ id: value, name: value }));

/**
 * How a reference picker searches the resource it points at: the definition's full-text search when it has
 * one, else its first "contains" text filter, else the picker lists without searching.
 */
export function referenceSearch(
  target: ResourceDefinition | undefined,
): ((text: string) => Record<string, unknown>) | undefined {
  if (!target) return undefined;
  if (target.list.search) return (text) => (text ? { q: text } : {});
  const textFilter = target.list.filters.find(
    (filter) => filter.input === 'text' && filter.operator === 'contains',
  );
  return textFilter ? (text) => (text ? { [textFilter.source]: text } : {}) : () => ({});
}

export interface InputOptions {
  /** The field's schema in the form's create or update schema: decides empty values and the required mark. */
  fieldSchema?: z.ZodType;
  disabled?: boolean;
  /** Definitions by name, for what a reference points at. */
  definitions?: ReadonlyMap<string, ResourceDefinition>;
  /** The resource the form edits, whose catalogue labels the field. */
  resource?: string;
  /** Why the field is disabled, shown under it (a flag the record's data source provides). */
  helperText?: string;
}

const keepEmptyText = (value: unknown) => (value === null || value === undefined ? '' : value);
const emptyTextAsNull = (value: unknown) => (value === '' ? null : value);

/** The input of a field by its widget, with the empty value its schema expects and a required mark. */
export function inputElement(
  field: FieldDefinition,
  { fieldSchema, disabled = false, definitions, resource, helperText }: InputOptions = {},
): ReactElement {
  const { source } = field;
  const common = {
    key: source,
    source,
    disabled,
    isRequired: isRequiredField(field, fieldSchema),
    ...(helperText ? { helperText } : {}),
  };
  const parse = acceptsNull(fieldSchema) ? emptyTextAsNull : keepEmptyText;
  if (isTextWidget(field)) {
    const type =
      field.widget === 'email'
        ? 'email'
        : field.widget === 'url' || field.widget === 'image-url'
          ? 'url'
          : 'text';
    const multiline = field.widget === 'textarea' || field.widget === 'rich-text';
    return (
      <TextInput
        {...common}
        key={source}
        type={type}
        multiline={multiline}
        minRows={multiline ? 3 : undefined}
        parse={parse}
      />
    );
  }
  switch (field.widget) {
    case 'number':
      return <NumberInput {...common} key={source} />;
    case 'boolean':
      return <BooleanInput {...common} key={source} />;
    case 'date':
      return <DateInput {...common} key={source} parse={parse} />;
    case 'datetime':
      return <DateTimeInput {...common} key={source} parse={parse} />;
    case 'select':
      return (
        <SelectInput
          {...common}
          key={source}
          choices={toChoices(field.choices)}
          emptyText={acceptsNull(fieldSchema) ? 'portal.form.none' : undefined}
          parse={parse}
        />
      );
    case 'multi-select':
    case 'role-multi-select':
      return <AutocompleteArrayInput {...common} key={source} choices={toChoices(field.choices)} />;
    case 'string-list':
      return <StringListInput {...common} key={source} label={labelOf(field, resource)} />;
    case 'reference': {
      if (!field.reference) return <TextInput {...common} key={source} parse={parse} />;
      const target = definitions?.get(field.reference.resource);
      return (
        <ReferenceInput key={source} source={source} reference={field.reference.resource}>
          <AutocompleteInput
            optionText={field.reference.display}
            filterToQuery={referenceSearch(target)}
            disabled={disabled}
            isRequired={common.isRequired}
            parse={parse}
            label={labelOf(field, resource)}
          />
        </ReferenceInput>
      );
    }
    default:
      return <TextInput {...common} key={source} parse={parse} />;
  }
}

const labelOf = (field: FieldDefinition, resource: string | undefined) =>
  resource ? `resources.${resource}.fields.${field.source}` : field.label;

/**
 * A list of free texts (a board's features, a version's tags): one text input per entry, in order, added,
 * removed and moved with the iterator's buttons. Each entry is labelled with the list's label.
 */
export function StringListInput({
  source,
  label,
  disabled = false,
  isRequired,
  helperText,
}: {
  source: string;
  label: string;
  disabled?: boolean;
  isRequired?: boolean;
  helperText?: string;
}) {
  return (
    <ArrayInput source={source} label={label} isRequired={isRequired} helperText={helperText}>
      <SimpleFormIterator
        inline
        disableClear
        fullWidth
        disableAdd={disabled}
        disableRemove={disabled}
        disableReordering={disabled}
      >
        <TextInput source="" label={label} disabled={disabled} parse={keepEmptyText} sx={{ minWidth: 360 }} />
      </SimpleFormIterator>
    </ArrayInput>
  );
}
