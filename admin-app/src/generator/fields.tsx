import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import type { FieldDefinition } from '@portal/resources';
import type { ReactElement } from 'react';

import {
  BooleanField,
  DateField,
  EmailField,
  ImageField,
  NumberField,
  ReferenceField,
  TextField,
  UrlField,
  useFieldValue,
  useTranslate,
} from 'react-admin';

/** How a value of a list (roles, members) reads on a chip: itself, or a record's email, name or title. */
export function itemText(item: unknown): string {
  if (item === null || item === undefined) return '';
  if (typeof item !== 'object') return String(item);
  const record = item as Record<string, unknown>;
  for (const key of ['email', 'name', 'title', 'label', 'key', 'value', 'id']) {
    if (typeof record[key] === 'string' || typeof record[key] === 'number') return String(record[key]);
  }
  return JSON.stringify(item);
}

/** A list value as chips; an empty list as an em dash, like other empty fields. */
function ChipsField({ source, max }: { source: string; label?: string; max?: number }) {
  const value = useFieldValue({ source }) as unknown;
  const translate = useTranslate();
  const items = Array.isArray(value) ? value : [];
  if (items.length === 0) return <span>—</span>;
  const shown = max ? items.slice(0, max) : items;
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
      {shown.map((item, index) => (
        <Chip key={`${itemText(item)}-${index}`} label={itemText(item)} size="small" />
      ))}
      {items.length > shown.length && (
        <Chip
          size="small"
          variant="outlined"
          label={translate('portal.list.more', { count: items.length - shown.length })}
        />
      )}
    </Stack>
  );
}

/**
 * A text field that also reads a record the API embeds where the definition names a plain value (a project's
 * owner): it shows the record's email, name or title.
 */
function TextValueField({ source }: { source: string; label?: string }) {
  const value = useFieldValue({ source }) as unknown;
  if (value !== null && typeof value === 'object') return <span>{itemText(value)}</span>;
  return <TextField source={source} emptyText="—" />;
}

/**
 * A reference: the referenced record's display field, read through react-admin's ReferenceField when the value
 * is an id, or straight from the record when the API embeds it (a project's board).
 */
function ReferenceValueField({
  source,
  reference,
  display,
}: {
  source: string;
  reference: string;
  display: string;
  label?: string;
}) {
  const value = useFieldValue({ source }) as unknown;
  if (value !== null && typeof value === 'object') {
    return <span>{String((value as Record<string, unknown>)[display] ?? itemText(value))}</span>;
  }
  return (
    <ReferenceField source={source} reference={reference} emptyText="—">
      <TextField source={display} />
    </ReferenceField>
  );
}

/** A list of texts on a show page: one line each, in order. */
function TextListField({ source }: { source: string; label?: string }) {
  const value = useFieldValue({ source }) as unknown;
  const items = Array.isArray(value) ? value.map(itemText) : [];
  if (items.length === 0) return <span>—</span>;
  return (
    <ul style={{ margin: 0, paddingLeft: '1.25rem' }}>
      {items.map((item, index) => (
        <li key={`${item}-${index}`}>{item}</li>
      ))}
    </ul>
  );
}

export interface FieldOptions {
  /** In a list cell: long texts are cut, images small, lists capped. */
  inList?: boolean;
}

/**
 * The display component of a field by its widget. Labels come from the catalogue by source
 * (`resources.<name>.fields.<source>`), so none is passed here.
 */
export function fieldElement(field: FieldDefinition, { inList = false }: FieldOptions = {}): ReactElement {
  const { source } = field;
  switch (field.widget) {
    case 'boolean':
      return <BooleanField key={source} source={source} />;
    case 'date':
      return <DateField key={source} source={source} emptyText="—" />;
    case 'datetime':
      return <DateField key={source} source={source} showTime emptyText="—" />;
    case 'number':
      return <NumberField key={source} source={source} emptyText="—" />;
    case 'email':
      return <EmailField key={source} source={source} emptyText="—" />;
    case 'url':
      return (
        <UrlField
          key={source}
          source={source}
          emptyText="—"
          target="_blank"
          rel="noreferrer"
          onClick={(event) => event.stopPropagation()}
        />
      );
    case 'image-url':
      return (
        <ImageField
          key={source}
          source={source}
          emptyText="—"
          sx={inList ? { '& img': { maxWidth: 64, maxHeight: 32, m: 0 } } : { '& img': { maxHeight: 120 } }}
        />
      );
    case 'multi-select':
    case 'role-multi-select':
      return <ChipsField key={source} source={source} max={inList ? 3 : undefined} />;
    case 'string-list':
      return inList ? (
        <ChipsField key={source} source={source} max={3} />
      ) : (
        <TextListField key={source} source={source} />
      );
    case 'reference':
      return field.reference ? (
        <ReferenceValueField
          key={source}
          source={source}
          reference={field.reference.resource}
          display={field.reference.display}
        />
      ) : (
        <TextValueField key={source} source={source} />
      );
    // Stored markup is never rendered by the console: rich text reads as its text, like a textarea.
    case 'rich-text':
    case 'textarea':
      return (
        <TextField
          key={source}
          source={source}
          emptyText="—"
          sx={inList ? clamp : { whiteSpace: 'pre-wrap' }}
        />
      );
    case 'secret':
      throw new Error(`${source}: a secret is never displayed as a field`);
    default:
      return <TextValueField key={source} source={source} />;
  }
}

const clamp = {
  display: '-webkit-box',
  WebkitLineClamp: 2,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
  maxWidth: 360,
} as const;
