import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import { Role, hasRole } from '@portal/resources';
import { projectMembers, projects } from '../../db/tables.js';
import { fillPlaceholders } from './list-totals.js';
import type { ProjectCaller } from './caller.js';

/**
 * A row scope of the project lists as a statement shape: the condition with its values as placeholders (`s_*`), so
 * every caller of one shape runs the same prepared statement, and those values.
 */
export interface ProjectScope {
  condition: SQL;
  /** Which branches the condition has: part of the prepared statement's name. */
  shape: string;
  values: Record<string, unknown>;
}

const ph = (name: string) => sql.placeholder(name);

/**
 * The projects a caller calls their own (`projects/user`): those they hold an explicit role in, and those their
 * company space roles reach (the whole space for company space admins, FAEs and viewers; the linked boards'
 * projects for people linked to boards). Secure projects only with a second factor.
 */
export function ownProjectsScope(
  caller: ProjectCaller,
  options: { includeSecure?: boolean } = {},
): ProjectScope {
  const reach: SQL[] = [
    sql`${projects.id} = any(array(select ${projectMembers.projectId} from ${projectMembers} where ${projectMembers.userId} = ${ph('s_user')}))`,
  ];
  const shape = ['member'];
  const values: Record<string, unknown> = { s_user: caller.user.id };
  if (caller.space) {
    const wholeSpace =
      caller.space.kind === 'fae' ||
      [Role.CompanySpaceAdmin, Role.CompanySpaceFae, Role.CompanySpaceViewer].some((role) =>
        hasRole(caller.user, role),
      );
    const inSpace = eq(projects.companySpaceId, ph('s_space'));
    if (wholeSpace) {
      reach.push(inSpace);
      shape.push('space');
      values.s_space = caller.space.id;
    } else if (caller.boardLinks.length) {
      // One array parameter, whatever the number of links: the statement text stays the same.
      reach.push(and(inSpace, sql`${projects.boardId} = any(${ph('s_boards')})`)!);
      shape.push('boards');
      values.s_space = caller.space.id;
      values.s_boards = caller.boardLinks.map((link) => link.boardId);
    }
  }
  // The member branch as an array of ids, not a subquery: each branch then has an index (the primary key, the
  // company space's), so the planner may combine them (BitmapOr) for a small scope instead of reading the whole
  // sort index, and still walk the sort index for a large one.
  const own = reach.length === 1 ? reach[0]! : or(...reach)!;
  if (!options.includeSecure) shape.push('not-secure');
  return {
    condition: options.includeSecure ? own : and(own, eq(projects.secure, false))!,
    shape: shape.join('+'),
    values,
  };
}

/** The scope's condition with its values bound, for the statements that are not kept prepared. */
export const boundScope = (scope: ProjectScope): SQL => fillPlaceholders(scope.condition, scope.values);
