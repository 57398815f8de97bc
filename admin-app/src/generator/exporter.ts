import { toCsv as rowsToCsv, type ResourceDefinition } from '@portal/resources';
import { downloadCSV, type Exporter } from 'react-admin';
import { itemText } from './fields';
import { visibleFields } from './schema';

/** A record's value as the text of its cell. */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(itemText).join('; ');
  if (typeof value === 'object') return itemText(value);
  return String(value);
}

/** The records as CSV with the definition's labels as headers and its fields as columns (never a secret). */
export function toCsv(definition: ResourceDefinition, records: readonly Record<string, unknown>[]): string {
  const fields = visibleFields(definition);
  return rowsToCsv([
    fields.map((field) => field.label),
    ...records.map((record) => fields.map((field) => cellText(record[field.source]))),
  ]);
}

/** The list's CSV export: what the filters select (react-admin fetches up to 1000 rows), one file. */
export const definitionExporter =
  (definition: ResourceDefinition): Exporter =>
  (records) =>
    downloadCSV(toCsv(definition, records as Record<string, unknown>[]), definition.name);
