import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { ERROR_MESSAGES, MESSAGES, mayLeaveProject } from '@portal/resources';
import { notificationSettings, projectMembers } from '../../db/tables.js';
import { audit } from '../../crud/audit.js';
import { ApiError, badRequest, notFound } from '../../transport/errors.js';
import { repositoryModule } from '../../crud/module.js';
import type { Executor } from '../../crud/repository.js';
import type { ProjectWithBoard } from './records.js';
import { membershipOf } from '../platform/company-space-records.js';
import { userByEmail } from './users.js';

type ExplicitRole = 'owner' | 'substitute' | 'fae' | 'member';

async function holderOf(tx: Executor, projectId: string, role: ExplicitRole) {
  const [row] = await tx
    .select({ userId: projectMembers.userId })
    .from(projectMembers)
    .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.role, role)))
    .limit(1);
  return row?.userId;
}

export async function explicitRoleOf(tx: Executor, projectId: string, userId: string) {
  const [row] = await tx
    .select({ role: projectMembers.role })
    .from(projectMembers)
    .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, userId)))
    .limit(1);
  return row?.role;
}

const setRole = (tx: Executor, projectId: string, userId: string, role: ExplicitRole) =>
  tx
    .insert(projectMembers)
    .values({ projectId, userId, role })
    .onConflictDoUpdate({ target: [projectMembers.projectId, projectMembers.userId], set: { role } });

/** Takes a person out of a project, with their notification settings for it. */
export async function dropMember(tx: Executor, projectId: string, userId: string) {
  await tx
    .delete(projectMembers)
    .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, userId)));
  await tx
    .delete(notificationSettings)
    .where(and(eq(notificationSettings.projectId, projectId), eq(notificationSettings.userId, userId)));
}

/** How a person comes out of a project: removed by its managers, or leaving by themselves. */
const TAKING_OUT = {
  remove: {
    action: 'remove_member',
    field: 'id',
    notIn: 'This user is not a member of this project.',
    owner: 'The owner cannot be removed. Transfer the ownership first.',
  },
  leave: {
    action: 'leave',
    field: 'project',
    notIn: 'You are not a member of this project (company space roles come with the company space).',
    owner: 'Transfer the ownership before leaving the project.',
  },
} as const;

/**
 * Takes a person out of a project, audited on the project: the same steps and rules whether its managers remove
 * them or they leave (404 without an explicit role, 409 for the owner, who transfers the ownership first); only
 * who may ask differs, which the caller's route checks.
 */
export async function takeOut(
  tx: Executor,
  request: FastifyRequest,
  projectId: string,
  userId: string,
  how: keyof typeof TAKING_OUT,
) {
  const { action, field, notIn, owner } = TAKING_OUT[how];
  const role = await explicitRoleOf(tx, projectId, userId);
  if (!role) throw notFound(notIn, [field]);
  if (!mayLeaveProject([role])) throw ApiError.of(409, 'conflict', owner, [field]);
  await dropMember(tx, projectId, userId);
  await audit(tx, request, { entity: 'project', action, entityId: projectId, before: { userId, role } });
}

/**
 * Makes the person with this provider address the project's one FAE (spec §6: added by the owner). A previous FAE
 * leaves the project; a member who becomes FAE keeps being in it as FAE. Owner and substitute cannot be the FAE.
 */
export async function assignFae(tx: Executor, found: ProjectWithBoard, email: string) {
  const projectId = found.project.id;
  const user = await userByEmail(tx, email);
  if (!user) throw notFound('No portal user has this FAE email address.', ['email']);
  const current = await explicitRoleOf(tx, projectId, user.id);
  if (current === 'fae') return user;
  if (current === 'owner' || current === 'substitute') {
    throw badRequest(`The ${current} of the project cannot also be its FAE.`, ['email']);
  }
  const previous = await holderOf(tx, projectId, 'fae');
  if (previous) await dropMember(tx, projectId, previous);
  await setRole(tx, projectId, user.id, 'fae');
  return user;
}

/** Takes the FAE out of the project; answers their user id (undefined when `quiet` and there was none). */
export async function removeFae(tx: Executor, projectId: string, options: { quiet?: boolean } = {}) {
  const previous = await holderOf(tx, projectId, 'fae');
  if (!previous) {
    if (options.quiet) return undefined;
    throw notFound('This project has no FAE.', ['fae']);
  }
  await dropMember(tx, projectId, previous);
  return previous;
}

/**
 * Company-space isolation of project roles (issue 17): a person joins a project (as member, substitute or owner,
 * added, invited or handed it) only from the project's own company space — a project without one takes only
 * people without one. Every path into a project role asks this.
 */
export async function inProjectCompanySpace(
  tx: Executor,
  userId: string,
  project: { companySpaceId: string | null },
): Promise<boolean> {
  return ((await membershipOf(tx, userId))?.companySpaceId ?? null) === project.companySpaceId;
}

/** {@link inProjectCompanySpace} as a refusal: 409 `wrong_company_space` on the field that named the person. */
export async function assertInProjectCompanySpace(
  tx: Executor,
  userId: string,
  project: { companySpaceId: string | null },
  resources: string[],
): Promise<void> {
  if (await inProjectCompanySpace(tx, userId, project)) return;
  throw ApiError.of(409, 'wrong_company_space', ERROR_MESSAGES.wrong_company_space, resources);
}

/**
 * Makes a portal user the substitute, who acts as the owner. A previous substitute stays as a plain member; the
 * owner cannot be the substitute (`owner_equals_substitute`), nor can the FAE.
 */
export async function assignSubstitute(
  tx: Executor,
  project: { id: string; companySpaceId: string | null },
  email: string,
) {
  const projectId = project.id;
  const user = await userByEmail(tx, email);
  if (!user) throw notFound(MESSAGES.substituteNotFound, ['email']);
  await assertInProjectCompanySpace(tx, user.id, project, ['email']);
  const current = await explicitRoleOf(tx, projectId, user.id);
  if (current === 'substitute') return user;
  if (current === 'owner') {
    throw ApiError.of(400, 'owner_equals_substitute', ERROR_MESSAGES.owner_equals_substitute, ['email']);
  }
  if (current === 'fae') throw badRequest('The FAE of the project cannot also be its substitute.', ['email']);
  const previous = await holderOf(tx, projectId, 'substitute');
  if (previous) await setRole(tx, projectId, previous, 'member');
  await setRole(tx, projectId, user.id, 'substitute');
  return user;
}

/** The substitute steps back to a plain member. */
/** The substitute steps back to a plain member; answers their user id. */
export async function removeSubstitute(tx: Executor, projectId: string) {
  const previous = await holderOf(tx, projectId, 'substitute');
  if (!previous) throw notFound('This project has no substitute.', ['substitute']);
  await setRole(tx, projectId, previous, 'member');
  return previous;
}

/** Hands the project to another user: the new owner takes their place, the previous owner stays as a member. */
export async function transferOwnership(tx: Executor, projectId: string, newOwnerId: string) {
  const previous = await holderOf(tx, projectId, 'owner');
  if (previous) await setRole(tx, projectId, previous, 'member');
  await setRole(tx, projectId, newOwnerId, 'owner');
  return previous;
}

/** Adds a person as a plain member; answers false when they are in the project already. */
async function addMember(tx: Executor, projectId: string, userId: string): Promise<boolean> {
  const [inserted] = await tx
    .insert(projectMembers)
    .values({ projectId, userId, role: 'member' })
    .onConflictDoNothing()
    .returning({ userId: projectMembers.userId });
  return !!inserted;
}

const projectRoles = {
  roleOf: explicitRoleOf,
  addMember,
  takeOut,
  assignFae,
  removeFae,
  assignSubstitute,
  removeSubstitute,
  transferOwnership,
  inCompanySpace: inProjectCompanySpace,
  assertInCompanySpace: assertInProjectCompanySpace,
  userByEmail,
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The people of a project and their explicit roles (spec calls §7.3–§7.4), within its company space. */
    projectRoles: typeof projectRoles;
  }
}

export default repositoryModule('projectRoles', () => projectRoles);
