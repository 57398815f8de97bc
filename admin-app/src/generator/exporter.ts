import type { ResourceDefinition } from '@portal/resources';
import { downloadCSV, type Exporter } from 'react-admin';
import { itemText } from './fields';
import { visibleFields } from './schema';

/** A cell a spreadsheet would run as a formula is written as text. */
function csvCell(value: unknown): string {
  let text: string;
  if (value === null || value === undefined) text = '';
  else if (Array.isArray(value)) text = value.map(itemText).join('; ');
  else if (typeof value === 'object') text = itemText(value);
  else text = String(value);
  if (/^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The records as CSV with the definition's labels as headers and its fields as columns (never a secret). */
export function toCsv(definition: ResourceDefinition, records: readonly Record<string, unknown>[]): string {
  const fields = visibleFields(definition);
  const lines = [fields.map((field) => csvCell(field.label)).join(',')];
  for (const record of records) lines.push(fields.map((field) => csvCell(record[field.source])).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/** The list's CSV export: what the filters select (react-admin fetches up to 1000 rows), one file. */
export const definitionExporter =
  (definition: ResourceDefinition): Exporter =>
  (records) =>
    downloadCSV(toCsv(definition, records as Record<string, unknown>[]), definition.name);
