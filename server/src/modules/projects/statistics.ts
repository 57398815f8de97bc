import { and, asc, count, desc, eq, exists, gte, isNotNull, sql, type SQL } from 'drizzle-orm';
import { projectStatusSchema, type ProjectStatistics, type ProjectStatus } from '@portal/resources';
import type { Database } from '../../db/client.js';
import { boards, projects } from '../../db/tables.js';

/** Whether any project under the scope is secure. */
export async function hasSecureProjects(db: Database, scope: SQL): Promise<boolean> {
  const [row] = await db
    .select({
      hasSecure: exists(
        db
          .select({ one: sql`1` })
          .from(projects)
          .where(and(scope, eq(projects.secure, true))),
      ),
    })
    .from(sql`(select 1) as one`);
  return !!row?.hasSecure;
}

/** The group names of the projects under the scope, sorted. */
export async function projectGroups(db: Database, scope: SQL): Promise<string[]> {
  const rows = await db
    .selectDistinct({ group: projects.groupName })
    .from(projects)
    .where(and(scope, isNotNull(projects.groupName)))
    .orderBy(asc(projects.groupName));
  return rows.map((row) => row.group!);
}

/** Totals, statuses, the ten boards with most projects and the last twelve months, for the admin statistics page. */
export async function projectStatistics(db: Database): Promise<ProjectStatistics> {
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
}
