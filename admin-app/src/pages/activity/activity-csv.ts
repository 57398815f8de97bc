import { toCsv, type AuditRecord } from '@portal/resources';
import { downloadCSV, type Exporter } from 'react-admin';
import { recordChanges, valueText, type FieldChange } from './diff';

const personText = (person: { name: string | null; email: string | null }, fallback = '') =>
  person.name && person.email
    ? `${person.name} <${person.email}>`
    : (person.email ?? person.name ?? fallback);

/** A service account's change as a machine's (issue 45): its client id and the user it acts as. */
function serviceAccountText(record: Pick<AuditRecord, 'serviceAccount'>): string {
  const account = record.serviceAccount;
  if (!account) return '';
  const acting = account.actingAs ? ` (acting as ${account.actingAs})` : '';
  return `service account \`${account.clientId}\`${acting}`;
}

/** Who made the change, as text: the person (name and email), the service account, or the system. */
export function actorText(record: Pick<AuditRecord, 'actor' | 'serviceAccount'>): string {
  if (record.serviceAccount) return serviceAccountText(record);
  return record.actor ? personText(record.actor) : 'System';
}

/** Whom or what the record is about: the person it names, else the changed record's id. */
export const subjectText = (record: Pick<AuditRecord, 'subject' | 'entityId'>): string =>
  record.subject ? personText(record.subject, record.subject.id) : (record.entityId ?? '');

const fieldText = (change: FieldChange, side?: 'before' | 'after') => {
  if (change.hidden) return `${change.field}: (secret changed)`;
  if (side) return `${change.field}: ${valueText(change[side])}`;
  return `${change.field}: ${valueText(change.before)} → ${valueText(change.after)}`;
};

/**
 * The change as one cell: a note (`Secret rotated`), a created or deleted record's summary, or `field: old → new`
 * per changed field; secrets as "(secret changed)".
 */
function changesText(record: AuditRecord): string {
  const changes = recordChanges(record);
  if (changes.kind === 'note') return changes.text;
  if (changes.kind === 'changed') return changes.fields.map((change) => fieldText(change)).join('; ');
  const side = changes.kind === 'created' ? 'after' : 'before';
  return `${changes.kind}: ${changes.fields.map((change) => fieldText(change, side)).join('; ')}`;
}

/** The audit records as CSV: when, who (a machine in its own column), what, and the readable change. */
export function activityCsv(records: readonly AuditRecord[]): string {
  return toCsv([
    ['When', 'Actor', 'Service account', 'Action', 'Entity type', 'Entity id', 'About', 'Changes'],
    ...records.map((record) => [
      record.at,
      record.actor ? personText(record.actor) : record.serviceAccount ? '' : 'System',
      serviceAccountText(record),
      record.action,
      record.entity,
      record.entityId ?? '',
      record.subject ? personText(record.subject, record.subject.id) : '',
      changesText(record),
    ]),
  ]);
}

export const activityExporter: Exporter = (records) =>
  downloadCSV(activityCsv(records as AuditRecord[]), 'activity');
