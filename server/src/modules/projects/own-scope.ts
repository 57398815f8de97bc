import { createHash } from 'node:crypto';
import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import { Role, hasRole } from '@portal/resources';
import { boardUserLinks, projectMembers, projects } from '../../db/tables.js';
import { fillPlaceholders } from './list-totals.js';
import type { ProjectCaller } from './caller.js';

/**
 * A row scope of the project lists as a statement shape, with its values as placeholders (`s_*`), so every caller of
 * one shape runs the same prepared statement. Two forms of the same set of rows, because a prepared statement's
 * generic plan cannot see how many boards a caller is linked to:
 * - `condition` tests one row: the board links as a hashed set, so walking a sort index costs the same per row
 *   whatever the caller's number of links (an array tested with `= any` is searched element by element; README);
 * - `branches` (as one condition: {@link inScopeOf}) find the rows through their own indexes (project members, the
 *   company space, the linked boards), unioned: what a short list, a count or a scope read first uses.
 */
export interface ProjectScope {
  condition: SQL;
  /** The conditions of the scope's branches, each with an index to find its rows by; together, the scope. */
  branches: SQL[];
  /** Which branches the condition has: part of the prepared statement's name. */
  shape: string;
  values: Record<string, unknown>;
  /** What the rows also depend on that is read inside the statement (a digest of the board links): list keys only. */
  links: string;
  /**
   * With board links: `condition` with each row's board looked up among the caller's links by index, instead of all
   * the links read into a hashed set first: cheaper for a walk testing fewer rows than a fifth of the links (own-walk.ts).
   */
  probing?: SQL;
  /** How many board links the statement reads (with `probing`). */
  linkCount: number;
}

const ph = (name: string) => sql.placeholder(name);

/** One way into the scope: how a row is tested, and how the branch's rows are found by an index. */
interface Branch {
  test: SQL;
  find: SQL;
  /** The row test by an index lookup per row, where `test` reads a hashed set. */
  probe?: SQL;
}

/**
 * The projects a caller calls their own (`projects/user`): those they hold an explicit role in, and those their
 * company space roles reach (the whole space for company space admins, FAEs and viewers; the linked boards'
 * projects for people linked to boards). Secure projects only with a second factor.
 */
export function ownProjectsScope(
  caller: ProjectCaller,
  options: { includeSecure?: boolean } = {},
): ProjectScope {
  // The member branch: found by primary key from the caller's memberships as an array; a row tested against them as
  // a hashed set (an array from a sub-select is searched element by element on every row, and an owner of thousands
  // of projects in a company space would make every row of the space cost thousands of comparisons).
  const memberships = sql`select ${projectMembers.projectId} from ${projectMembers} where ${projectMembers.userId} = ${ph('s_user')}`;
  const branches: Branch[] = [
    { test: sql`${projects.id} in (${memberships})`, find: sql`${projects.id} = any(array(${memberships}))` },
  ];
  const shape = ['member'];
  let links = '';
  const values: Record<string, unknown> = { s_user: caller.user.id };
  if (caller.space) {
    const wholeSpace =
      caller.space.kind === 'fae' ||
      [Role.CompanySpaceAdmin, Role.CompanySpaceFae, Role.CompanySpaceViewer].some((role) =>
        hasRole(caller.user, role),
      );
    const inSpace = eq(projects.companySpaceId, ph('s_space'));
    if (wholeSpace) {
      branches.push({ test: inSpace, find: inSpace });
      shape.push('space');
      values.s_space = caller.space.id;
    } else if (caller.boardLinks.length) {
      // The links are read from their table by user inside the statement, not sent as an array: one id, however many.
      const linkedTo = (board: SQL | undefined) =>
        sql`select ${boardUserLinks.boardId} from ${boardUserLinks} where ${boardUserLinks.userId} = ${ph('s_user')}${board ? sql` and ${boardUserLinks.boardId} = ${board}` : sql``} and ${boardUserLinks.kind} in ('csa', 'viewer')`;
      // Ordered by board, so they are read from the (user, board, kind) index: a generic plan, guessing a user's links
      // from the table's distinct users, would read the whole table.
      const linked = sql`${linkedTo(undefined)} order by ${boardUserLinks.boardId}`;
      branches.push({
        test: and(inSpace, sql`${projects.boardId} in (${linked})`)!,
        find: and(sql`${projects.boardId} = any(array(${linked}))`, inSpace)!,
        // `offset 0` keeps the planner from turning the lookup back into a hashed set (it may not for a sub-query
        // with an offset).
        probe: and(inSpace, sql`exists (${linkedTo(sql`${projects.boardId}`)} offset 0)`)!,
      });
      shape.push('boards');
      values.s_space = caller.space.id;
      links = linksKey(caller.boardLinks);
    }
  }
  // Written into the text, not a parameter: a statement kept per shape holds no value (db/prepared.ts).
  const notSecure = options.includeSecure ? undefined : sql`${projects.secure} = false`;
  if (notSecure) shape.push('not-secure');
  const anyOf = (tests: SQL[]) => (tests.length === 1 ? tests[0]! : or(...tests)!);
  const withSecure = (rows: SQL) => (notSecure ? and(rows, notSecure)! : rows);
  const test = anyOf(branches.map((branch) => branch.test));
  const probing = branches.some((branch) => branch.probe)
    ? withSecure(anyOf(branches.map((branch) => branch.probe ?? branch.test)))
    : undefined;
  // Each branch leaves out the rows an earlier branch finds (by that branch's row test), so the branches' rows are
  // disjoint and are joined without a hash of every row to remove repeats.
  const found = branches.map((branch, at) =>
    and(
      branch.find,
      notSecure,
      ...branches.slice(0, at).map((earlier) => sql`not coalesce(${earlier.test}, false)`),
    )!,
  );
  return {
    condition: withSecure(test),
    branches: found,
    shape: shape.join('+'),
    values,
    links,
    probing,
    linkCount: probing ? caller.boardLinks.length : 0,
  };
}

const linkKeys = new WeakMap<readonly object[], string>();

/** A digest of a caller's board links: kept totals and sizes are per scope, and the links are not a statement value. */
function linksKey(links: ProjectCaller['boardLinks']): string {
  let key = linkKeys.get(links);
  if (key === undefined) {
    const listed = links.map((link) => `${link.kind}:${link.boardId}`).sort();
    key = createHash('sha256').update(listed.join(',')).digest('base64url');
    linkKeys.set(links, key);
  }
  return key;
}

/** The `columns` of the projects of every branch: the rows of a scope, found branch by branch (disjoint branches). */
export const unionOf = (branches: SQL[], columns: SQL): SQL =>
  sql.join(
    branches.map((branch) => sql`select ${columns} from ${projects} where ${branch}`),
    sql` union all `,
  );

/** The scope with its values bound, for the statements that are not kept prepared (planned for those values). */
export const boundScope = (scope: ProjectScope): SQL => fillPlaceholders(inScopeOf(scope), scope.values);

/** The scope as a condition on `projects`: the ids its branches find, each through its own index. */
export const inScopeOf = (scope: ProjectScope): SQL =>
  sql`${projects.id} = any(array(${unionOf(scope.branches, sql`${projects.id}`)}))`;
