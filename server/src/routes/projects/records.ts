import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  PROJECT_ROLES,
  Role,
  type Invitation,
  type Project,
  type ProjectMember,
  type ProjectRoleName,
} from '@portal/resources';
import type { invitations } from '../../db/tables.js';
import { boardUserLinks, boards, companySpaceMembers, projects, userRoles, users } from '../../db/tables.js';
import { companySpaceRoles } from './caller.js';
import type { Executor } from './executor.js';

export type ProjectRow = typeof projects.$inferSelect;
export type BoardRow = typeof boards.$inferSelect;
export type InvitationRow = typeof invitations.$inferSelect;
export type ExplicitRole = 'owner' | 'substitute' | 'fae' | 'member';

/** A person with an explicit role in a project, as the project query aggregates them. */
export interface ExplicitMember {
  id: string;
  username: string;
  email: string;
  role: ExplicitRole;
}

/** The project's latest invitation, as the project query reads it (timestamps as JSON text). */
interface LatestInvitation {
  id: string;
  expiresAt: string;
  revokedAt: string | null;
}

/** A project with its board, the people holding explicit roles, and its latest invitation: one query reads all. */
export interface ProjectWithBoard {
  project: ProjectRow;
  board: BoardRow;
  members: ExplicitMember[];
  invitation: LatestInvitation | null;
}

const SPACE_ROLE_NAMES = [Role.CompanySpaceAdmin, Role.CompanySpaceFae, Role.CompanySpaceViewer];
const ROLE_ORDER = new Map<string, number>(PROJECT_ROLES.map((role, index) => [role, index]));

/** The columns of the project query: the project, its board, its people and its latest invitation. */
export const projectColumns = {
  project: projects,
  board: boards,
  members: sql<
    ExplicitMember[]
  >`coalesce((select json_agg(json_build_object('id', u.id, 'username', u.username,
      'email', u.email, 'role', pm.role)) from project_members pm join users u on u.id = pm.user_id
      where pm.project_id = ${projects.id}), '[]'::json)`,
  invitation: sql<LatestInvitation | null>`(select json_build_object('id', i.id, 'expiresAt', i.expires_at,
      'revokedAt', i.revoked_at) from invitations i where i.project_id = ${projects.id}
      order by i.created_at desc, i.id desc limit 1)`,
};

/** JSON from either driver: node-postgres and PGlite both parse json, but be sure. */
export const fromJson = <T>(value: T | string): T =>
  typeof value === 'string' ? (JSON.parse(value) as T) : value;

export function normaliseRow(row: ProjectWithBoard): ProjectWithBoard {
  return { ...row, members: fromJson(row.members), invitation: row.invitation && fromJson(row.invitation) };
}

export const iso = (date: Date | string) => new Date(date).toISOString();

export function boardRecord(board: BoardRow) {
  return {
    id: board.id,
    ispnId: board.ispnId,
    ispn: board.ispn,
    name: board.name,
    description: board.description,
    type: board.type,
    source: board.source,
    version: board.version,
    productPageUrl: board.productPageUrl,
    image: board.image,
    serialnumberRequired: board.serialnumberRequired,
    releasedForRegistration: board.releasedForRegistration,
    restrictedAccess: board.restrictedAccess,
    secure: board.secure,
    showInRegistrationPage: board.showInRegistrationPage,
    productType: board.productType,
    createdAt: iso(board.createdAt),
    updatedAt: iso(board.updatedAt),
  };
}

/** An invitation as the API answers it; revoked and past ones are `expired` (the spec knows active and expired). */
export function invitationRecord(
  row: { id: string; expiresAt: Date | string; revokedAt: Date | string | null },
  publicUrl: string,
  now = new Date(),
): Invitation {
  return {
    id: row.id,
    link: `${publicUrl}/invitation/${row.id}`,
    expiresAt: iso(row.expiresAt),
    status: row.revokedAt || new Date(row.expiresAt) <= now ? 'expired' : 'active',
  };
}

/**
 * The people of the given company spaces who may hold a company space role in projects on the given boards:
 * FAEs of the space, holders of a company space role, and people linked to one of the boards; with their roles and
 * their links to those boards. One query.
 */
async function spacePeople(db: Executor, spaceIds: string[], boardIds: string[]) {
  if (!spaceIds.length) return [];
  const inSpaces = inArray(companySpaceMembers.companySpaceId, spaceIds);
  const linkedToBoards = and(
    eq(boardUserLinks.userId, companySpaceMembers.userId),
    inArray(boardUserLinks.boardId, boardIds),
  );
  // The few candidates, each found on an index (a space may have thousands of plain members who hold no role).
  const candidates = sql`(
    select ${companySpaceMembers.userId} from ${companySpaceMembers} where ${inSpaces} and ${companySpaceMembers.kind} = 'fae'
    union select ${userRoles.userId} from ${userRoles} where ${inArray(userRoles.role, SPACE_ROLE_NAMES)}
    union select ${boardUserLinks.userId} from ${boardUserLinks}
      where ${boardUserLinks.kind} in ('csa', 'viewer') and ${inArray(boardUserLinks.boardId, boardIds)})`;
  const rows = await db
    .select({
      companySpaceId: companySpaceMembers.companySpaceId,
      kind: companySpaceMembers.kind,
      id: users.id,
      username: users.username,
      email: users.email,
      globalRoles: sql<string[]>`coalesce((select json_agg(${userRoles.role}) from ${userRoles}
        where ${userRoles.userId} = ${users.id} and ${inArray(userRoles.role, SPACE_ROLE_NAMES)}), '[]'::json)`,
      links: sql<{ boardId: string; kind: 'csa' | 'viewer' }[]>`coalesce((select json_agg(json_build_object(
        'boardId', ${boardUserLinks.boardId}, 'kind', ${boardUserLinks.kind})) from ${boardUserLinks}
        where ${linkedToBoards}), '[]'::json)`,
    })
    .from(companySpaceMembers)
    .innerJoin(users, eq(users.id, companySpaceMembers.userId))
    .where(and(inSpaces, sql`${companySpaceMembers.userId} in ${candidates}`));
  return rows.map((row) => ({ ...row, globalRoles: fromJson(row.globalRoles), links: fromJson(row.links) }));
}

const byRoleThenEmail = (a: ProjectMember, b: ProjectMember) =>
  (ROLE_ORDER.get(a.roles[0]!) ?? 99) - (ROLE_ORDER.get(b.roles[0]!) ?? 99) ||
  a.email.toLowerCase().localeCompare(b.email.toLowerCase()) ||
  a.id.localeCompare(b.id);

export interface RecordOptions {
  publicUrl: string;
  /** Who reads: the open invitation is shown to those who manage the project (admins, owner, substitute). */
  reader: { userId: string; isAdmin: boolean };
  /** Leave the company space people out when members were not asked for. */
  withMembers?: boolean;
}

/**
 * Project records of spec product §3 for rows read by the project query (a list page or one project): members are
 * the explicit roles plus the company space admins, FAEs and viewers the project's company space gives; each person
 * once, with every role they hold, ordered owner, substitute, FAE, members, company space roles.
 */
export async function projectRecords(
  db: Executor,
  rows: ProjectWithBoard[],
  options: RecordOptions,
): Promise<Project[]> {
  if (!rows.length) return [];
  const withMembers = options.withMembers ?? true;
  const spaceIds = [...new Set(rows.flatMap((row) => row.project.companySpaceId ?? []))];
  const boardIds = [...new Set(rows.map((row) => row.project.boardId))];
  const people = withMembers ? await spacePeople(db, spaceIds, boardIds) : [];

  const now = new Date();
  return rows.map(({ project, board, members: explicit, invitation }) => {
    const byId = new Map<string, ProjectMember>();
    const add = (person: { id: string; username: string; email: string }, roles: ProjectRoleName[]) => {
      if (!roles.length) return;
      const existing = byId.get(person.id);
      if (existing) existing.roles.push(...roles.filter((role) => !existing.roles.includes(role)));
      else byId.set(person.id, { id: person.id, username: person.username, email: person.email, roles });
    };
    for (const member of explicit) add(member, [member.role]);
    for (const person of people) add(person, companySpaceRoles(person, person.links, project));
    const members = [...byId.values()].sort(byRoleThenEmail);
    const holder = (role: ProjectRoleName) => members.find((member) => member.roles.includes(role)) ?? null;
    const manages =
      options.reader.isAdmin ||
      explicit.some(
        (member) =>
          member.id === options.reader.userId && (member.role === 'owner' || member.role === 'substitute'),
      );
    return {
      id: project.id,
      uuid: project.id,
      name: project.name,
      description: project.description,
      members,
      board: boardRecord(board),
      // Uploaded files arrive with the design-in process.
      assets: [],
      invitation:
        manages && invitation && !invitation.revokedAt
          ? invitationRecord(invitation, options.publicUrl, now)
          : null,
      secure: project.secure,
      createdAt: iso(project.createdAt),
      updatedAt: iso(project.updatedAt),
      status: project.status,
      dipStatus: project.dipStatus as Project['dipStatus'],
      salesCode: project.salesCode,
      shortRomCode: project.shortRomCode,
      ownerCompany: project.ownerCompany,
      group: project.groupName,
      solution: project.solution,
      variant: project.variant,
      product: project.product,
      developmentCode: project.developmentCode,
      companyName: project.companyName,
      // Every project has an owner (registration makes one, ownership only ever moves).
      owner: holder('owner')!,
      substitute: holder('substitute'),
      fae: holder('fae'),
    };
  });
}

/** Project rows by a condition, with board, people and latest invitation (the project query). */
export async function readProjects(db: Executor, where: SQL): Promise<ProjectWithBoard[]> {
  const rows = await db
    .select(projectColumns)
    .from(projects)
    .innerJoin(boards, eq(boards.id, projects.boardId))
    .where(where);
  return rows.map(normaliseRow);
}

/** One project with its board, people and latest invitation; with `lock`, its row is locked for the transaction. */
export async function findProject(
  db: Executor,
  id: string,
  options: { lock?: boolean } = {},
): Promise<ProjectWithBoard | undefined> {
  const query = db
    .select(projectColumns)
    .from(projects)
    .innerJoin(boards, eq(boards.id, projects.boardId))
    .where(eq(projects.id, id))
    .limit(1);
  const [row] = options.lock ? await query.for('update', { of: projects }) : await query;
  return row && normaliseRow(row);
}
