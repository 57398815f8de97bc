import { eq, sql, type SQL } from 'drizzle-orm';
import {
  PROJECT_ROLES,
  projectRolesAllow,
  Role,
  type Invitation,
  type Project,
  type ProjectMember,
  type ProjectRoleName,
} from '@portal/resources';
import type { invitations } from '../../db/tables.js';
import { boardUserLinks, boards, companySpaceMembers, projects, userRoles, users } from '../../db/tables.js';
import { companySpaceRoles } from './caller.js';
import type { Executor } from '../../crud/repository.js';
import { fromJson } from './json.js';

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

/**
 * Someone of a company space who may hold a company space role in a project (see {@link peopleJson}), with their
 * global company space roles and their links to the boards concerned.
 */
export interface SpacePerson {
  companySpaceId: string;
  kind: 'member' | 'fae';
  id: string;
  username: string;
  email: string;
  globalRoles: string[];
  links: { boardId: string; kind: 'csa' | 'viewer' }[];
}

/**
 * A project with its board, the people holding explicit roles, its latest invitation, and the company space people
 * of its space and board (for a list page: of every space and board on the page, one array shared by its rows):
 * one query reads all.
 */
export interface ProjectWithBoard {
  project: ProjectRow;
  board: BoardRow;
  members: ExplicitMember[];
  invitation: LatestInvitation | null;
  /** Absent when the query did not read them; {@link projectRecords} then reads them itself. */
  people?: SpacePerson[];
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

/**
 * The people of the company spaces `spaceIds` names who may hold a company space role in projects on the boards
 * `boardIds` names, as one JSON array: FAEs of the space, holders of a global company space role, and people linked
 * to one of the boards; each with those roles and their links to those boards. Both arguments are SQL arrays of ids
 * (`array[column]`, or `array(subquery)`), so every lookup is an index condition on the ids themselves: the few
 * candidates are each found on an index (a space may have thousands of plain members who hold no role), and a
 * person's links are looked up board by board (`offset 0` keeps each lookup apart), never read link by link. Each
 * id once: a board named twice would list its links twice.
 */
export function peopleJson(spaceIds: SQL, boardIds: SQL): SQL<SpacePerson[] | string> {
  const spaceRoles = sql.join(
    SPACE_ROLE_NAMES.map((role) => sql.raw(`'${role.replace(/'/g, "''")}'`)),
    sql`, `,
  );
  // Driven by the candidates, each joined on the members' primary key: never a scan of the space's members.
  return sql<SpacePerson[] | string>`coalesce((select json_agg(json_build_object(
      'companySpaceId', m.company_space_id, 'kind', m.kind, 'id', u.id, 'username', u.username, 'email', u.email,
      'globalRoles', coalesce((select json_agg(r.role) from ${userRoles} r
        where r.user_id = u.id and r.role in (${spaceRoles})), '[]'::json),
      'links', coalesce((select json_agg(json_build_object('boardId', l.board_id, 'kind', l.kind))
        from unnest(${boardIds}) as board(id) cross join lateral (select l.board_id, l.kind from ${boardUserLinks} l
          where l.user_id = m.user_id and l.board_id = board.id offset 0) as l), '[]'::json)))
    from (
      select f.user_id from ${companySpaceMembers} f where f.company_space_id = any(${spaceIds}) and f.kind = 'fae'
      union select g.user_id from ${userRoles} g where g.role in (${spaceRoles})
      union select b.user_id from ${boardUserLinks} b where b.kind in ('csa', 'viewer') and b.board_id = any(${boardIds})
    ) as candidate
    join ${companySpaceMembers} m on m.user_id = candidate.user_id
    join ${users} u on u.id = m.user_id
    where m.company_space_id = any(${spaceIds})
  ), '[]'::json)`;
}

export function normaliseRow<Row extends ProjectWithBoard>(row: Row): Row {
  return {
    ...row,
    members: fromJson(row.members),
    invitation: row.invitation && fromJson(row.invitation),
    ...(row.people ? { people: fromJson(row.people) } : {}),
  };
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

/** The company space people for rows read without them: one query over their spaces and boards. */
async function readPeople(db: Executor, rows: ProjectWithBoard[]): Promise<SpacePerson[]> {
  const spaceIds = [...new Set(rows.flatMap((row) => row.project.companySpaceId ?? []))];
  if (!spaceIds.length) return [];
  const boardIds = [...new Set(rows.map((row) => row.project.boardId))];
  const ids = (values: string[]) =>
    sql.join(
      values.map((value) => sql`${value}::uuid`),
      sql`, `,
    );
  const [row] = await db
    .select({ people: peopleJson(sql`array[${ids(spaceIds)}]`, sql`array[${ids(boardIds)}]`) })
    .from(sql`(select 1) as one`);
  return row ? fromJson(row.people) : [];
}

/** The people of the rows' spaces: those their query read (once per shared array), otherwise read now. */
async function peopleOf(db: Executor, rows: ProjectWithBoard[]): Promise<SpacePerson[]> {
  if (!rows.every((row) => row.people)) return readPeople(db, rows);
  const arrays = [...new Set(rows.map((row) => row.people!))];
  if (arrays.length === 1) return arrays[0]!;
  const byKey = new Map<string, SpacePerson>();
  for (const person of arrays.flat()) {
    const key = `${person.companySpaceId}:${person.id}`;
    const known = byKey.get(key);
    if (known) known.links = [...known.links, ...person.links];
    else byKey.set(key, { ...person });
  }
  return [...byKey.values()];
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
  const people = withMembers ? await peopleOf(db, rows) : [];

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
    const readerRoles = explicit.filter((member) => member.id === options.reader.userId).map((m) => m.role);
    const manages = projectRolesAllow(readerRoles, 'manage', options.reader.isAdmin);
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

/** The project query for one project by id, with its company space people, prepared once per executor. */
const byIdStatements = new WeakMap<
  Executor,
  Map<string, { execute(values: { id: string }): Promise<unknown[]> }>
>();

function projectById(db: Executor, lock: boolean) {
  let statements = byIdStatements.get(db);
  if (!statements) byIdStatements.set(db, (statements = new Map()));
  const name = lock ? 'project_by_id_for_update' : 'project_by_id';
  let statement = statements.get(name);
  if (!statement) {
    const query = db
      .select({
        ...projectColumns,
        people: peopleJson(sql`array[${projects.companySpaceId}]`, sql`array[${projects.boardId}]`),
      })
      .from(projects)
      .innerJoin(boards, eq(boards.id, projects.boardId))
      .where(eq(projects.id, sql.placeholder('id')))
      .limit(1);
    statement = (lock ? query.for('update', { of: projects }) : query).prepare(name);
    statements.set(name, statement);
  }
  return statement as { execute(values: { id: string }): Promise<ProjectWithBoard[]> };
}

/**
 * One project with its board, people, latest invitation and company space people; with `lock`, its row is locked
 * for the transaction. One query, prepared (on the database itself, once; in a transaction, once per transaction).
 */
export async function findProject(
  db: Executor,
  id: string,
  options: { lock?: boolean } = {},
): Promise<ProjectWithBoard | undefined> {
  const [row] = await projectById(db, options.lock ?? false).execute({ id });
  return row && normaliseRow(row);
}
