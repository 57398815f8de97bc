import { and, asc, count, desc, eq, exists, gte, isNotNull, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  hasSecureSchema,
  projectGroupsSchema,
  projectSchema,
  projectStatisticsSchema,
  projectStatusSchema,
  projectsResource,
  type ProjectStatus,
} from '@portal/resources';
import { access } from '../../auth/access.js';
import { boards, projects } from '../../db/tables.js';
import { errorResponses } from '../../http/openapi.js';
import type { ModuleOptions } from '../../http/module.js';
import { opensSecure } from '../../modules/projects/caller.js';
import { listProjects, projectListQuerystring } from '../../modules/projects/list.js';
import { projectHelpers, security, tags } from '../../modules/projects/helpers.js';
import { ownProjectsScope } from '../../modules/projects/own-scope.js';

const listHeaders = z.object({ range: z.string().max(100).optional() }).passthrough();

/** Project lists: the admins' list, the caller's own (and secure ones), groups and statistics. */
const projectListRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, options) => {
  const { db } = options;
  const { caller, records } = projectHelpers(options);

  app.get(
    '',
    {
      config: { access: access.resource(projectsResource, 'list') },
      schema: {
        tags,
        summary:
          'Every project (admins; react-admin simple-rest: Range, sort by any option of spec §9, filter status, board, group, secure, q)',
        security,
        querystring: projectListQuerystring,
        headers: listHeaders,
        response: { 200: z.array(projectSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      // Admins only (the route's rule): nothing about the caller's company space is needed.
      const who = { user: request.currentUser!, isAdmin: true };
      return records(db, await listProjects(db, request, reply, undefined), who);
    },
  );

  app.get(
    '/user',
    {
      config: { access: access.signedIn() },
      schema: {
        tags,
        summary:
          'The caller’s projects (explicit roles and company space roles); secure ones only with a second factor, see projects/user/secure',
        security,
        querystring: projectListQuerystring,
        headers: listHeaders,
        response: { 200: z.array(projectSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const who = await caller(request);
      const scope = ownProjectsScope(who, { includeSecure: opensSecure(who) });
      return records(db, await listProjects(db, request, reply, scope), who);
    },
  );

  app.get(
    '/user/secure',
    {
      config: { access: access.signedIn() },
      schema: {
        tags,
        summary: 'Whether the caller has secure projects (the list leaves them out without a second factor)',
        security,
        response: { 200: hasSecureSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const who = await caller(request);
      const [row] = await db
        .select({
          hasSecure: exists(
            db
              .select({ one: sql`1` })
              .from(projects)
              .where(and(ownProjectsScope(who, { includeSecure: true }), eq(projects.secure, true))),
          ),
        })
        .from(sql`(select 1) as one`);
      return { hasSecure: !!row?.hasSecure };
    },
  );

  app.get(
    '/groups/user',
    {
      config: { access: access.signedIn() },
      schema: {
        tags,
        summary: 'The group names of the caller’s projects, sorted',
        security,
        response: { 200: projectGroupsSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const who = await caller(request);
      const rows = await db
        .selectDistinct({ group: projects.groupName })
        .from(projects)
        .where(and(ownProjectsScope(who, { includeSecure: opensSecure(who) }), isNotNull(projects.groupName)))
        .orderBy(asc(projects.groupName));
      return rows.map((row) => row.group!);
    },
  );

  app.get(
    '/statistics',
    {
      config: { access: access.roles(['ADMIN']) },
      schema: {
        tags,
        summary: 'Project statistics for the admin statistics page',
        security,
        response: { 200: projectStatisticsSchema, ...errorResponses(401, 403) },
      },
    },
    async () => {
      const since = new Date(Date.now() - 30 * 86_400_000);
      const firstMonth = new Date();
      firstMonth.setUTCDate(1);
      firstMonth.setUTCHours(0, 0, 0, 0);
      firstMonth.setUTCMonth(firstMonth.getUTCMonth() - 11);
      const [totals, statuses, topBoards, months] = await Promise.all([
        db
          .select({
            total: count(),
            secure: sql<number>`count(*) filter (where ${projects.secure})::int`,
            recent: sql<number>`count(*) filter (where ${projects.createdAt} >= ${since})::int`,
          })
          .from(projects),
        db.select({ status: projects.status, count: count() }).from(projects).groupBy(projects.status),
        db
          .select({ boardId: projects.boardId, boardName: boards.name, count: count() })
          .from(projects)
          .innerJoin(boards, eq(boards.id, projects.boardId))
          .groupBy(projects.boardId, boards.name)
          .orderBy(desc(count()), asc(boards.name))
          .limit(10),
        db
          .select({
            month: sql<string>`to_char(date_trunc('month', ${projects.createdAt} at time zone 'UTC'), 'YYYY-MM')`,
            count: count(),
          })
          .from(projects)
          .where(gte(projects.createdAt, firstMonth))
          .groupBy(sql`1`),
      ]);
      const byStatus = Object.fromEntries(projectStatusSchema.options.map((status) => [status, 0])) as Record<
        ProjectStatus,
        number
      >;
      for (const row of statuses) byStatus[row.status] = row.count;
      const perMonth = new Map(months.map((row) => [row.month, row.count]));
      const byMonth = Array.from({ length: 12 }, (_, index) => {
        const month = new Date(firstMonth);
        month.setUTCMonth(firstMonth.getUTCMonth() + index);
        const key = month.toISOString().slice(0, 7);
        return { month: key, count: perMonth.get(key) ?? 0 };
      });
      return {
        total: totals[0]!.total,
        secure: totals[0]!.secure,
        byStatus,
        registeredLast30Days: totals[0]!.recent,
        topBoards,
        byMonth,
      };
    },
  );
};

export default projectListRoutes;
