import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
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
  esimProfiles,
  projectMembers,
  projects,
  serialNumbers,
  users,
} from '../../db/tables.js';
import { ApiError, badRequest, forbidden, notFound } from '../../http/errors.js';
import { membershipOf } from '../platform/company-space-records.js';
import type { Executor } from './executor.js';
import { assertOpensSecure, type ProjectCaller } from './caller.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A portal user by email, ignoring case (the oldest account when several issuers know the address). */
export async function userByEmail(db: Executor, email: string) {
  const [row] = await db
    .select({ id: users.id, username: users.username, email: users.email, company: users.company })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()))
    .orderBy(asc(users.createdAt), asc(users.id))
    .limit(1);
  return row;
}

/**
 * What `board` names: a serial number first (its row locked until the transaction ends, so registrations of one
 * serial number queue and the second sees the first), then a board by its own serial number (the eSIM board), by
 * name or by id.
 */
async function resolveBoard(tx: Executor, reference: string) {
  const [bySerial] = await tx
    .select({ board: boards, serial: serialNumbers })
    .from(serialNumbers)
    .innerJoin(boards, eq(boards.id, serialNumbers.boardId))
    .where(eq(serialNumbers.value, reference))
    .limit(1)
    .for('update', { of: serialNumbers });
  if (bySerial) return bySerial;
  const [board] = await tx
    .select()
    .from(boards)
    .where(
      or(
        eq(boards.serialnumber, reference),
        eq(boards.name, reference),
        UUID.test(reference) ? eq(boards.id, reference) : undefined,
      ),
    )
    .orderBy(sql`${boards.serialnumber} = ${reference} desc`, sql`${boards.name} = ${reference} desc`)
    .limit(1);
  return board ? { board, serial: null } : null;
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

  const found = await resolveBoard(tx, payload.board.trim());
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
  if (serial && !serial.multiRegistration) {
    const [taken] = await tx
      .select({ id: projects.id })
      .from(projects)
      .where(eq(projects.serialNumberId, serial.id))
      .limit(1);
    if (taken) {
      throw ApiError.of(
        409,
        'serial_number_already_registered',
        ERROR_MESSAGES.serial_number_already_registered,
        ['board'],
      );
    }
  }

  const substitute = payload.substitute ? await userByEmail(tx, payload.substitute) : null;
  if (payload.substitute && !substitute) throw notFound(MESSAGES.substituteNotFound, ['substitute']);
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
  const [project] = await tx
    .insert(projects)
    .values({
      name: payload.name.trim(),
      description: payload.description?.trim() || null,
      boardId: board.id,
      serialNumberId: serial?.id ?? null,
      companySpaceId: ownerSpace.companySpaceId,
      secure: board.secure,
      dipStatus: payload.dipStatus ?? null,
      groupName: payload.group?.trim() || null,
      ownerCompany: owner.company ?? null,
      companyName: spaceName ?? null,
    })
    .returning({ id: projects.id });
  const projectId = project!.id;
  await tx
    .insert(projectMembers)
    .values([
      { projectId, userId: owner.id, role: 'owner' as const },
      ...(substitute ? [{ projectId, userId: substitute.id, role: 'substitute' as const }] : []),
      ...(fae ? [{ projectId, userId: fae.id, role: 'fae' as const }] : []),
    ]);

  if (esim) {
    const [profile] = await tx
      .select({ id: esimProfiles.id })
      .from(esimProfiles)
      .where(and(isNull(esimProfiles.projectId), isNull(esimProfiles.userId)))
      .orderBy(asc(esimProfiles.iccid))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!profile) {
      throw ApiError.of(
        409,
        'conflict',
        'No eSIM profile is available at the moment. Please try again later.',
        ['board'],
      );
    }
    await tx
      .update(esimProfiles)
      .set({ projectId, userId: owner.id, assignedAt: new Date() })
      .where(eq(esimProfiles.id, profile.id));
  }
  return projectId;
}
