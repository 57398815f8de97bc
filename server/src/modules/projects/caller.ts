import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { Role, hasRole, type ProjectRoleName } from '@portal/resources';
import type { CurrentUser } from '../../auth/users-repository.js';
import { boardUserLinks, companySpaceMembers, companySpaces } from '../../db/tables.js';
import { ApiError } from '../../transport/errors.js';
import type { Executor } from '../../crud/repository.js';
import { fromJson } from './json.js';

/** Who is asking, with everything the project rules look at, loaded once per request. */
export interface ProjectCaller {
  user: CurrentUser;
  /** Signed in with a second factor (or a service account with the MFA User role). */
  mfa: boolean;
  isAdmin: boolean;
  /** The company space the caller belongs to, as member or FAE. */
  space: { id: string; name: string; kind: 'member' | 'fae' } | null;
  /** Boards the caller is linked to as company space admin (csa) or viewer. */
  boardLinks: { boardId: string; kind: 'csa' | 'viewer' }[];
}

type Standing = Pick<ProjectCaller, 'space' | 'boardLinks'>;

/**
 * The caller's company space and board links, per user object. The auth plugin hands out one frozen user object per
 * token for as long as the identity generation stands (src/auth/caller-cache.ts), and a change to company spaces,
 * their members or board links moves that generation: a new generation brings a new user object, so nothing read
 * here outlives the change.
 */
const standings = new WeakMap<CurrentUser, Standing>();

async function readStanding(db: Executor, user: CurrentUser): Promise<Standing> {
  // One round trip: the membership (if any) and the board links.
  const [row] = await db
    .select({
      id: companySpaceMembers.companySpaceId,
      name: companySpaces.name,
      kind: companySpaceMembers.kind,
      links: sql<ProjectCaller['boardLinks'] | string>`coalesce((select json_agg(json_build_object(
        'boardId', ${boardUserLinks.boardId}, 'kind', ${boardUserLinks.kind})) from ${boardUserLinks}
        where ${boardUserLinks.userId} = ${user.id}), '[]'::json)`,
    })
    .from(sql`(select 1) as one`)
    .leftJoin(companySpaceMembers, eq(companySpaceMembers.userId, user.id))
    .leftJoin(companySpaces, eq(companySpaces.id, companySpaceMembers.companySpaceId))
    .limit(1);
  return {
    space: row?.id && row.kind ? { id: row.id, name: row.name ?? '', kind: row.kind } : null,
    boardLinks: row ? fromJson(row.links) : [],
  };
}

export async function loadCaller(db: Executor, request: FastifyRequest): Promise<ProjectCaller> {
  const user = request.currentUser!;
  let standing = standings.get(user);
  if (!standing) {
    standing = await readStanding(db, user);
    if (Object.isFrozen(user)) {
      for (const link of standing.boardLinks) Object.freeze(link);
      standings.set(
        user,
        Object.freeze({
          space: standing.space && Object.freeze(standing.space),
          boardLinks: Object.freeze(standing.boardLinks),
        }) as Standing,
      );
    }
  }
  return {
    user,
    mfa: request.caller?.mfa ?? false,
    isAdmin: hasRole(user, Role.Admin),
    space: standing.space,
    boardLinks: standing.boardLinks,
  };
}

/** A person's standing in a company space, as far as project roles go. */
export interface SpacePerson {
  companySpaceId: string;
  kind: 'member' | 'fae';
  globalRoles: readonly string[];
}

/**
 * The company space roles a person holds in a project of `project.companySpaceId` on `project.boardId`: only
 * people of the project's own company space hold any (company space isolation). Company space admin: the global
 * Company Space Admin role, or a csa link to the board. Company space FAE: an FAE of the space, or the global
 * Company Space FAE role. Company space viewer: the global Company Space Viewer role, or a viewer link to the board.
 */
export function companySpaceRoles(
  person: SpacePerson | null,
  links: readonly { boardId: string; kind: 'csa' | 'viewer' }[],
  project: { companySpaceId: string | null; boardId: string },
): ProjectRoleName[] {
  if (!person || !project.companySpaceId || person.companySpaceId !== project.companySpaceId) return [];
  const linked = (kind: 'csa' | 'viewer') =>
    links.some((link) => link.boardId === project.boardId && link.kind === kind);
  const roles: ProjectRoleName[] = [];
  if (person.globalRoles.includes(Role.CompanySpaceAdmin) || linked('csa')) roles.push('company_space_admin');
  if (person.kind === 'fae' || person.globalRoles.includes(Role.CompanySpaceFae))
    roles.push('company_space_fae');
  if (person.globalRoles.includes(Role.CompanySpaceViewer) || linked('viewer'))
    roles.push('company_space_viewer');
  return roles;
}

/** The caller's company space roles in a project. */
export function callerSpaceRoles(
  caller: ProjectCaller,
  project: { companySpaceId: string | null; boardId: string },
): ProjectRoleName[] {
  const person = caller.space
    ? {
        companySpaceId: caller.space.id,
        kind: caller.space.kind,
        globalRoles: caller.user.roles.map((role) => role.name),
      }
    : null;
  return companySpaceRoles(person, caller.boardLinks, project);
}

/** May open secure projects at all: promoted users, and admins. */
export const mayOpenSecure = (caller: ProjectCaller) =>
  caller.isAdmin || hasRole(caller.user, Role.PromotedUser);

/** Opens secure projects right now: allowed, and signed in with a second factor. */
export const opensSecure = (caller: ProjectCaller) => mayOpenSecure(caller) && caller.mfa;

/**
 * Secure projects, boards and invitations need a second factor (spec product §2.5): a promoted user (or an admin)
 * without one gets `missing_multifactor_auth`, which makes the app step up; anyone else `not_promoted`.
 */
export function assertOpensSecure(caller: ProjectCaller): void {
  if (!mayOpenSecure(caller)) {
    throw ApiError.of(403, 'not_promoted', 'Secure projects are open only to promoted users.', ['secure']);
  }
  if (!caller.mfa) {
    throw ApiError.of(
      403,
      'missing_multifactor_auth',
      'Sign in with your second factor to open secure projects.',
      ['secure'],
    );
  }
}
