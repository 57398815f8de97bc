import { toCsv, type AuditRecord } from '@portal/resources';
import { downloadCSV, type Exporter } from 'react-admin';
import { changedFields, valueText } from './diff';

/** Who made the change, as text: the person (name and email), the service account, or the system. */
export function actorText(record: Pick<AuditRecord, 'actor' | 'serviceAccount'>): string {
  const { actor, serviceAccount } = record;
  if (actor) return actor.name ? `${actor.name} <${actor.email}>` : actor.email;
  if (!serviceAccount) return 'System';
  return `${serviceAccount.name ?? serviceAccount.clientId} (service account ${serviceAccount.clientId})`;
}

/** The change as one cell: `field: old → new` per changed field, secrets as "(secret changed)". */
export const changesText = (record: AuditRecord) =>
  changedFields(record.before, record.after)
    .map((change) =>
      change.hidden
        ? `${change.field}: (secret changed)`
        : `${change.field}: ${valueText(change.before)} → ${valueText(change.after)}`,
    )
    .join('; ');

/** The audit records as CSV: when, who, what, and the readable diff (never the raw values or a secret). */
export function activityCsv(records: readonly AuditRecord[]): string {
  return toCsv([
    ['When', 'Actor', 'Action', 'Entity type', 'Entity id', 'Changes'],
    ...records.map((record) => [
      record.at,
      actorText(record),
      record.action,
      record.entity,
      record.entityId ?? '',
      changesText(record),
    ]),
  ]);
}

export const activityExporter: Exporter = (records) =>
  downloadCSV(activityCsv(records as AuditRecord[]), 'activity');
