import { and, eq, getTableColumns, or, sql, type SQL } from 'drizzle-orm';
import {
  DEFAULT_ESIM_SERIAL_NUMBER,
  ERROR_MESSAGES,
  MESSAGES,
  Role,
  hasRole,
  isEsimBoard,
  sameEmail,
  type ProjectCreatePayload,
} from '@portal/resources';
import {
  boardRestrictions,
  boards,
  companySpaces,
  projectMembers,
  projects,
  serialNumbers,
} from '../../db/tables.js';
import { ApiError, badRequest, forbidden, notFound } from '../../transport/errors.js';
import { initialStatus } from '../dip/process.js';
import { applicableStepRows } from '../dip/records.js';
import { membershipOf } from '../platform/company-space-records.js';
import { assignEsimProfile } from './esim-profiles.module.js';
import type { Executor } from '../../crud/repository.js';
import { fromJson } from './json.js';
import { userByEmail } from './users.js';
import { assertOpensSecure, type ProjectCaller } from './caller.js';
import { assertInProjectCompanySpace } from './project-roles.module.js';
import { peopleJson, type ExplicitMember, type ProjectRow, type ProjectWithBoard } from './records.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * What `board` names: a serial number first (its row locked until the transaction ends, so registrations of one
 * serial number queue and the second sees the first), then a board by its own serial number (the eSIM board), by
 * name or by id. With it, the company space people of `spaceId` for the board, for the new project's record.
 */
async function resolveBoard(tx: Executor, reference: string, spaceId: string) {
  const values = { reference, spaceId, byId: UUID.test(reference) ? reference : null };
  // Prepared by name: the statement is built per transaction, but parsed and planned once per connection.
  const people = peopleJson(sql`array[${sql.placeholder('spaceId')}::uuid]`, sql`array[${boards.id}]`);
  const [bySerial] = await tx
    .select({ board: boards, serial: serialNumbers, people })
    .from(serialNumbers)
    .innerJoin(boards, eq(boards.id, serialNumbers.boardId))
    .where(eq(serialNumbers.value, sql.placeholder('reference')))
    .limit(1)
    .for('update', { of: serialNumbers })
    .prepare('registration_serial')
    .execute(values);
  if (bySerial) return { ...bySerial, people: fromJson(bySerial.people) };
  const named = sql`${sql.placeholder('reference')}::text`;
  const [board] = await tx
    .select({ board: boards, people })
    .from(boards)
    .where(
      or(
        eq(boards.serialnumber, named),
        eq(boards.name, named),
        eq(boards.id, sql`${sql.placeholder('byId')}::uuid`),
      ),
    )
    .orderBy(sql`${boards.serialnumber} = ${named} desc`, sql`${boards.name} = ${named} desc`)
    .limit(1)
    .prepare('registration_board')
    .execute(values);
  return board ? { board: board.board, serial: null, people: fromJson(board.people) } : null;
}

/** A project row as the database answered it to a raw query, through the columns' own decoders. */
function projectRow(raw: Record<string, unknown>): ProjectRow {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(projects))) {
    const value = raw[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as ProjectRow;
}

async function assertSerialFree(tx: Executor, serialId: string) {
  const [taken] = await tx
    .select({ id: projects.id })
    .from(projects)
    .where(eq(projects.serialNumberId, serialId))
    .limit(1);
  if (taken) throw serialTaken();
}

const serialTaken = () =>
  ApiError.of(409, 'serial_number_already_registered', ERROR_MESSAGES.serial_number_already_registered, [
    'board',
  ]);

/**
 * The project rows registration wrote, per transaction, for the record the route answers: they are exactly what
 * reading the project back in the same transaction would give, without the round trip. Taken once.
 */
const written = new WeakMap<Executor, ProjectWithBoard>();

/** The project `registerProject` just wrote in this transaction, if `id` is that one (then forgotten). */
export function justRegistered(tx: Executor, id: string): ProjectWithBoard | undefined {
  const found = written.get(tx);
  if (found?.project.id !== id) return undefined;
  written.delete(tx);
  return found;
}

const pick = (user: { id: string; username: string; email: string }) => ({
  id: user.id,
  username: user.username,
  email: user.email,
});

/**
 * Writes the project and its people in one statement. With `freeSerial`, only if no project holds that serial
 * number yet (the statement sees every registration committed before the serial's lock was granted): none written
 * answers undefined.
 */
async function insertProject(
  tx: Executor,
  values: Pick<
    ProjectRow,
    | 'name'
    | 'description'
    | 'boardId'
    | 'serialNumberId'
    | 'companySpaceId'
    | 'secure'
    | 'dipStatus'
    | 'groupName'
    | 'ownerCompany'
    | 'companyName'
  >,
  people: ExplicitMember[],
  freeSerial: string | null,
): Promise<ProjectRow | undefined> {
  const free: SQL = freeSerial
    ? sql`where not exists (select 1 from ${projects} where ${projects.serialNumberId} = ${freeSerial}::uuid)`
    : sql``;
  const members = sql.join(
    people.map((person) => sql`(${person.id}::uuid, ${person.role})`),
    sql`, `,
  );
  const result = (await tx.execute(sql`with p as (
      insert into ${projects} (name, description, board_id, serial_number_id, company_space_id, secure, dip_status,
        group_name, owner_company, company_name)
      select ${values.name}, ${values.description}, ${values.boardId}::uuid, ${values.serialNumberId}::uuid,
        ${values.companySpaceId}::uuid, ${values.secure}, ${values.dipStatus}, ${values.groupName},
        ${values.ownerCompany}, ${values.companyName} ${free}
      returning *
    ), m as (
      insert into ${projectMembers} (project_id, user_id, role)
      select p.id, x.user_id, x.role from p cross join (values ${members}) as x (user_id, role)
    )
    select * from p`)) as unknown as { rows: Record<string, unknown>[] };
  const [raw] = result.rows;
  return raw && projectRow(raw);
}

export interface RegistrationSettings {
  esimSerialNumber?: string;
}

/**
 * Registers a product as a project (spec product §5, issue 5): checks who may own it and in which company space,
 * what `board` names and whether it may be registered, then writes the project, its people and, for the eSIM
 * board, hands out an eSIM profile. Runs in the caller's transaction; answers the new project's id.
 */
export async function registerProject(
  tx: Executor,
  caller: ProjectCaller,
  payload: ProjectCreatePayload,
  settings: RegistrationSettings = {},
): Promise<string> {
  // The owner: the caller, or someone an admin or their company space admin registers for.
  const ownerEmail = payload.owner?.trim() || caller.user.email;
  const forSomeoneElse = !sameEmail(ownerEmail, caller.user.email);
  const owner = forSomeoneElse
    ? await userByEmail(tx, ownerEmail)
    : { ...caller.user, company: caller.user.company };
  if (!owner) throw notFound('No portal user has this email address.', ['owner']);
  const ownerSpace = forSomeoneElse
    ? await membershipOf(tx, owner.id)
    : caller.space && { companySpaceId: caller.space.id };
  if (forSomeoneElse) {
    const isSpaceAdmin =
      hasRole(caller.user, Role.CompanySpaceAdmin) &&
      !!caller.space &&
      caller.space.id === ownerSpace?.companySpaceId;
    if (!caller.isAdmin && !isSpaceAdmin) {
      throw forbidden('Only an admin or their company space admin may register a product for someone else.');
    }
  }
  if (!ownerSpace) {
    throw ApiError.of(
      403,
      'no_company_space',
      forSomeoneElse
        ? 'The owner needs a company space to register products.'
        : ERROR_MESSAGES.no_company_space,
      ['companySpaceUuid'],
    );
  }
  if (payload.companySpaceUuid && payload.companySpaceUuid !== ownerSpace.companySpaceId) {
    throw ApiError.of(
      403,
      'wrong_company_space',
      'Projects are registered in the owner’s own company space.',
      ['companySpaceUuid'],
    );
  }

  const found = await resolveBoard(tx, payload.board.trim(), ownerSpace.companySpaceId);
  if (!found) throw notFound('No product with this serial number was found.', ['board']);
  const { board, serial } = found;
  const esim = isEsimBoard(board, settings.esimSerialNumber ?? DEFAULT_ESIM_SERIAL_NUMBER);
  if (!serial && board.serialnumberRequired && !esim)
    throw badRequest(MESSAGES.serialNumberRequired, ['board']);
  if (!board.releasedForRegistration) {
    throw forbidden('This product is not released for registration yet.');
  }
  if (board.restrictedAccess) {
    const [listed] = await tx
      .select({ email: boardRestrictions.email })
      .from(boardRestrictions)
      .where(
        and(
          eq(boardRestrictions.boardId, board.id),
          eq(sql`lower(${boardRestrictions.email})`, owner.email.toLowerCase()),
        ),
      )
      .limit(1);
    if (!listed) throw ApiError.of(403, 'forbidden', MESSAGES.projectCreationForbidden, ['board']);
  }
  if (board.secure) assertOpensSecure(caller);
  // A serial number registers one project unless it allows more. Checked after its row is locked: before the
  // substitute and FAE are looked up when they are given (their errors come second), otherwise by the insert itself.
  const guarded = serial && !serial.multiRegistration ? serial.id : null;
  const peopleGiven = Boolean(payload.substitute || payload.fae);
  if (guarded && peopleGiven) await assertSerialFree(tx, guarded);

  const substitute = payload.substitute ? await userByEmail(tx, payload.substitute) : null;
  if (payload.substitute && !substitute) throw notFound(MESSAGES.substituteNotFound, ['substitute']);
  if (substitute) await assertInProjectCompanySpace(tx, substitute.id, ownerSpace, ['substitute']);
  if (substitute?.id === owner.id) {
    throw ApiError.of(400, 'owner_equals_substitute', ERROR_MESSAGES.owner_equals_substitute, ['substitute']);
  }
  const fae = payload.fae ? await userByEmail(tx, payload.fae) : null;
  if (payload.fae && !fae) throw notFound('No portal user has this FAE email address.', ['fae']);
  if (fae && (fae.id === owner.id || fae.id === substitute?.id)) {
    throw badRequest('The FAE must be someone other than the owner and the substitute.', ['fae']);
  }

  const spaceName =
    !forSomeoneElse && caller.space
      ? caller.space.name
      : (
          await tx
            .select({ name: companySpaces.name })
            .from(companySpaces)
            .where(eq(companySpaces.id, ownerSpace.companySpaceId))
            .limit(1)
        )[0]?.name;
  const people: ExplicitMember[] = [
    { id: owner.id, username: owner.username, email: owner.email, role: 'owner' },
    ...(substitute ? [{ ...pick(substitute), role: 'substitute' as const }] : []),
    ...(fae ? [{ ...pick(fae), role: 'fae' as const }] : []),
  ];
  const project = await insertProject(
    tx,
    {
      name: payload.name.trim(),
      description: payload.description?.trim() || null,
      boardId: board.id,
      serialNumberId: serial?.id ?? null,
      companySpaceId: ownerSpace.companySpaceId,
      secure: board.secure,
      // The record's dipStatus tells the apps whether the board has a process (null: none), so it starts set.
      dipStatus: payload.dipStatus ?? initialStatus(await applicableStepRows(tx, board)),
      groupName: payload.group?.trim() || null,
      ownerCompany: owner.company ?? null,
      companyName: spaceName ?? null,
    },
    people,
    guarded && !peopleGiven ? guarded : null,
  );
  if (!project) throw serialTaken();
  const projectId = project.id;
  written.set(tx, { project, board, members: people, invitation: null, people: found.people });

  if (esim) await assignEsimProfile(tx, owner.id, projectId);
  return projectId;
}
