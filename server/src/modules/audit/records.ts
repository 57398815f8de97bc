import { sql } from 'drizzle-orm';
import { isSecretField, type AuditRecord } from '@portal/resources';
import type { auditLog } from '../../db/schema.js';
import { users } from '../../db/schema.js';
import type { Executor } from '../../crud/repository.js';
import { fullName } from '../../crud/audit.js';

export type AuditRow = typeof auditLog.$inferSelect;

/**
 * A before/after value without its secret fields (the one place the history strips them): `audit()` redacts them
 * when writing (the same rule, `isSecretField`); records written before that still hold them.
 */
export function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([field]) => !isSecretField(field))
      .map(([field, inner]) => [field, withoutSecrets(inner)]),
  );
}

/** An actor as the history shows it: the user's id, email and name, in the order its statement selects them. */
export const ACTOR_COLUMNS = {
  id: users.id,
  email: users.email,
  givenName: users.givenName,
  familyName: users.familyName,
};
export type AuditActor = Pick<typeof users.$inferSelect, keyof typeof ACTOR_COLUMNS>;

/** The distinct actors of `rows`, whose names and emails their records show. */
export const actorIdsOf = (rows: AuditRow[]) => [
  ...new Set(rows.flatMap((row) => (row.actorId ? [row.actorId] : []))),
];

/** The actors' statement per database or transaction: one prepared statement whatever the number of actors. */
const actorStatements = new WeakMap<
  Executor,
  { execute(values: { ids: string[] }): Promise<AuditActor[]> }
>();

function actorsStatement(db: Executor) {
  let statement = actorStatements.get(db);
  if (!statement) {
    statement = db
      .select(ACTOR_COLUMNS)
      .from(users)
      .where(sql`${users.id} = any(${sql.placeholder('ids')}::uuid[])`)
      .prepare('audit_actors');
    actorStatements.set(db, statement);
  }
  return statement;
}

/** Records of rows, in the rows' order, with their actors' names and emails read in one query. */
export async function auditRecords(db: Executor, rows: AuditRow[]): Promise<AuditRecord[]> {
  const ids = actorIdsOf(rows);
  return toAuditRecords(rows, ids.length ? await actorsStatement(db).execute({ ids }) : []);
}

/** The records of rows and their actors (the pure half of {@link auditRecords}). */
export function toAuditRecords(rows: AuditRow[], actors: AuditActor[]): AuditRecord[] {
  const byId = new Map(actors.map((actor) => [actor.id, actor]));
  return rows.map((row) => {
    const user = row.actorId ? byId.get(row.actorId) : undefined;
    const person = user ? { id: user.id, name: fullName(user), email: user.email } : null;
    // A machine's change is the service account's, not the person it acts as (issue 45).
    const serviceAccount = row.actorClientId
      ? { clientId: row.actorClientId, name: person?.name ?? null, actingAs: person?.email ?? null }
      : null;
    return {
      id: String(row.id),
      at: row.at.toISOString(),
      action: row.action,
      entity: row.entity,
      entityId: row.entityId,
      actor: serviceAccount ? null : person,
      serviceAccount,
      subject: row.subjectId ? { id: row.subjectId, email: row.subjectEmail, name: row.subjectName } : null,
      parent: row.parentEntity && row.parentId ? { entity: row.parentEntity, id: row.parentId } : null,
      before: withoutSecrets(row.before) ?? null,
      after: withoutSecrets(row.after) ?? null,
    };
  });
}
