import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { auditLogResource, hasAnyRouteRole, parseHistoryKey, type AuditRecord } from '@portal/resources';
import { auditLog, companySpaceMembers, users } from '../../db/schema.js';
import { projects } from '../../db/schema-projects.js';
import { softwareBundles } from '../../db/schema-catalogue.js';
import { notFound } from '../../transport/errors.js';
import { repositoryModule } from '../../crud/module.js';
import { likePattern } from '../../crud/list-sql.js';
import { defineRepository, type Executor, type Repository } from '../../crud/repository.js';
import { auditRecords, type AuditRow } from './records.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The history (issue 22): audit records, read-only; a company space admin reads only their space's. */
    auditLog: Repository<AuditRow, AuditRecord>;
  }
}

const reachesEverything = (request: FastifyRequest) => hasAnyRouteRole(request.currentUser, ['ADMIN']);

/**
 * The records of the caller's company space (server README "History"): its projects, the boards of its projects, its
 * people (their user and role records) and the space itself. A caller in no space matches nothing. Boards are shared
 * between spaces, so a board's record about a person (a permission) is in only when that person is of the space.
 */
export function inSpaceOf(userId: string): SQL {
  const space = sql`(select ${companySpaceMembers.companySpaceId} from ${companySpaceMembers} where ${companySpaceMembers.userId} = ${userId})`;
  const id = auditLog.entityId;
  return sql`(
    (${auditLog.entity} = 'project' and ${id} in (select ${projects.id}::text from ${projects} where ${projects.companySpaceId} in ${space}))
    or (${auditLog.entity} = 'board' and ${id} in (select ${projects.boardId}::text from ${projects} where ${projects.companySpaceId} in ${space})
      and (${auditLog.subjectId} is null or ${auditLog.subjectId} in (select ${companySpaceMembers.userId} from ${companySpaceMembers} where ${companySpaceMembers.companySpaceId} in ${space})))
    or (${auditLog.entity} in ('user', 'user_role') and ${id} in (select ${companySpaceMembers.userId}::text from ${companySpaceMembers} where ${companySpaceMembers.companySpaceId} in ${space}))
    or (${auditLog.entity} = 'company_space' and ${id} in (select ${companySpaceMembers.companySpaceId}::text from ${companySpaceMembers} where ${companySpaceMembers.userId} = ${userId}))
  )`;
}

/**
 * The ids of the users a person filter names (issue 45): by email, whole and ignoring case, or by name, a part of
 * their given and family name ignoring case.
 */
const userIdsNamed = (value: unknown) => {
  const text = String(value).trim();
  // A blank filter names nobody (as a pattern it would match every name).
  if (text === '') return sql`(select ${users.id} from ${users} where false)`;
  return sql`(select ${users.id} from ${users} where lower(${users.email}) = lower(${text})
    or concat_ws(' ', ${users.givenName}, ${users.familyName}) ilike ${likePattern(text)})`;
};

/** The records about a user: their account, and every record written with them as its subject (grants, members). */
function aboutUser(person: unknown): SQL {
  const ids = userIdsNamed(person);
  return sql`(
    ${auditLog.subjectId} in ${ids}
    or (${auditLog.entity} = 'user' and ${auditLog.entityId} in (select id::text from ${ids} as named(id)))
  )`;
}

/**
 * Record pages keyed by something other than the id their records are written under: the user-roles page keys a
 * user by email (calls §7.1), the bundles page a bundle by its uuid. Each gives the written ids of a page's key.
 */
const WRITTEN_IDS: Partial<Record<string, (key: string) => SQL>> = {
  user: (key) =>
    sql`(select ${users.id}::text from ${users} where ${users.id}::text = lower(${key}) or lower(${users.email}) = lower(${key}))`,
  // A deleted bundle's uuid is still named by its own records (created, changed or deleted with it).
  software_bundle: (key) =>
    sql`(select ${softwareBundles.id}::text from ${softwareBundles} where ${softwareBundles.id}::text = lower(${key}) or ${softwareBundles.uuid} = ${key}
      union select ${auditLog.entityId} from ${auditLog} where ${auditLog.entity} = 'software_bundle'
        and (${auditLog.after} ->> 'uuid' = ${key} or ${auditLog.before} ->> 'uuid' = ${key}))`,
};

/**
 * A record page's History (the one rule, issue 45): the record's own changes (entity and id), its parts' (the
 * parent written with them) and, for a user, every record about them (the subject written with it).
 */
export function historyOf(key: unknown): SQL {
  const parsed = parseHistoryKey(String(key));
  if (!parsed) return sql`false`;
  const { entity, id } = parsed;
  const ids = WRITTEN_IDS[entity]?.(id) ?? sql`(${id})`;
  return sql`(
    (${auditLog.entity} = ${entity} and ${auditLog.entityId} in ${ids})
    or (${auditLog.parentEntity} = ${entity} and ${auditLog.parentId} in ${ids})
    ${entity === 'user' ? sql`or ${auditLog.subjectId} in (select named.id::uuid from ${ids} as named(id))` : sql``}
  )`;
}

const actorEmail = sql`(select ${users.email} from ${users} where ${users.id} = ${auditLog.actorId})`;

export const auditLogRepository = defineRepository<typeof auditLog, AuditRecord>(auditLogResource, auditLog, {
  columns: {
    id: auditLog.id,
    at: auditLog.at,
    from: auditLog.at,
    to: auditLog.at,
    action: auditLog.action,
    entity: auditLog.entity,
    entityId: auditLog.entityId,
    actor: actorEmail,
  },
  filters: {
    // The actor by email or name, through the users table (the log keeps only the id).
    actor: (value) => sql`${auditLog.actorId} in ${userIdsNamed(value)}`,
    user: aboutUser,
    history: historyOf,
  },
  toRecords: auditRecords,
  listScope: (request) => (reachesEverything(request) ? undefined : inSpaceOf(request.currentUser!.id)),
  // Another space's record answers as missing: its existence is not the caller's to learn.
  reach: async (request, row, tx: Executor) => {
    if (reachesEverything(request)) return;
    const [found] = await tx
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(and(eq(auditLog.id, row.id), inSpaceOf(request.currentUser!.id)));
    if (!found) throw notFound('Audit record not found.', ['audit-log']);
  },
  notFound: () => notFound('Audit record not found.', ['audit-log']),
});

export default repositoryModule('auditLog', () => auditLogRepository);
