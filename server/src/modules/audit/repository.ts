import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { auditLogResource, hasAnyRouteRole, type AuditRecord } from '@portal/resources';
import { auditLog, companySpaceMembers, users } from '../../db/schema.js';
import { projects } from '../../db/schema-projects.js';
import { notFound } from '../../http/errors.js';
import { repositoryModule } from '../../http/module.js';
import { defineRepository, type Executor, type Repository } from '../../http/repository.js';
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
 * people (their user and role records) and the space itself. A caller in no space matches nothing.
 */
export function inSpaceOf(userId: string): SQL {
  const space = sql`(select ${companySpaceMembers.companySpaceId} from ${companySpaceMembers} where ${companySpaceMembers.userId} = ${userId})`;
  const id = auditLog.entityId;
  return sql`(
    (${auditLog.entity} = 'project' and ${id} in (select ${projects.id}::text from ${projects} where ${projects.companySpaceId} in ${space}))
    or (${auditLog.entity} = 'board' and ${id} in (select ${projects.boardId}::text from ${projects} where ${projects.companySpaceId} in ${space}))
    or (${auditLog.entity} in ('user', 'user_role') and ${id} in (select ${companySpaceMembers.userId}::text from ${companySpaceMembers} where ${companySpaceMembers.companySpaceId} in ${space}))
    or (${auditLog.entity} = 'company_space' and ${id} in (select ${companySpaceMembers.companySpaceId}::text from ${companySpaceMembers} where ${companySpaceMembers.userId} = ${userId}))
  )`;
}

/** The ids of the users with this email, ignoring case (the log keeps ids only), as text or as uuid. */
const userIdsByEmail = (email: unknown, asText = false) =>
  sql`(select ${asText ? sql`${users.id}::text` : users.id} from ${users} where lower(${users.email}) = lower(${String(email)}))`;

/**
 * The records about a user: their account and roles (entity id), and entries naming them by `userId` before or
 * after the change (a board permission, a project membership).
 */
function aboutUser(email: unknown): SQL {
  const ids = userIdsByEmail(email, true);
  return sql`(
    (${auditLog.entity} in ('user', 'user_role') and ${auditLog.entityId} in ${ids})
    or ${auditLog.after} ->> 'userId' in ${ids}
    or ${auditLog.before} ->> 'userId' in ${ids}
  )`;
}

const actorEmail = sql`(select ${users.email} from ${users} where ${users.id} = ${auditLog.actorId})`;

export const auditLogRepository = defineRepository<typeof auditLog, AuditRecord>(auditLogResource, auditLog, {
  entity: 'audit_log',
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
    // The actor by email, ignoring case, through the users table (the log keeps only the id).
    actor: (value) => sql`${auditLog.actorId} in ${userIdsByEmail(value)}`,
    user: aboutUser,
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
