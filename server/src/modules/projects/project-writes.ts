import type { FastifyInstance, FastifyRequest } from 'fastify';
import type {
  AddMultipleMembersPayload,
  AddMultipleMembersResult,
  Invitation,
  Project,
  ProjectCreatePayload,
} from '@portal/resources';
import type { Database } from '../../db/client.js';
import { assertNotCancelled, type ReachedProject } from './access.js';
import type { ProjectsRepository } from './projects.module.js';

interface WriteContext {
  db: Database;
  app: FastifyInstance;
  projects: ProjectsRepository;
}

/** A product registered as a project (`POST projects/registration`), audited; answers the new project. */
export async function registerFor(
  { db, projects }: WriteContext,
  request: FastifyRequest,
  payload: ProjectCreatePayload,
): Promise<Project> {
  return db.transaction(async (tx) => {
    const who = await projects.caller(request, tx);
    const id = await projects.register(tx, who, payload);
    const after = await projects.record(tx, id, who);
    await projects.log(tx, request, { action: 'create', entityId: id, after });
    return after;
  });
}

/** A manager's new invitation (the previous one revoked), audited; answers it with its password, shown once. */
export async function invite(
  { db, app, projects }: WriteContext,
  request: FastifyRequest,
  projectId: string,
  chosenPassword: string | undefined,
): Promise<Invitation & { password: string }> {
  const invitations = app.projectInvitations;
  // Rights first: hashing costs time, and a refused caller should not get to spend it.
  assertNotCancelled(await projects.reach(db, await projects.caller(request), projectId, 'manage'));
  const { password, passwordHash } = await invitations.password(chosenPassword);
  return db.transaction(async (tx) => {
    const who = await projects.caller(request, tx);
    const found = await projects.reach(tx, who, projectId, 'manage', { lock: true });
    assertNotCancelled(found);
    const after = await invitations.create(tx, found.project.id, who.user.id, passwordHash);
    await projects.log(tx, request, { action: 'create_invitation', entityId: found.project.id, after });
    return { ...after, password };
  });
}

/** A manager's revocation of an invitation, audited; answers it, now expired. */
export async function revokeInvitation(
  { db, app, projects }: WriteContext,
  request: FastifyRequest,
  projectId: string,
  invitationId: string,
): Promise<Invitation> {
  return db.transaction(async (tx) => {
    const who = await projects.caller(request, tx);
    const found = await projects.reach(tx, who, projectId, 'manage', { lock: true });
    const revoked = await app.projectInvitations.revoke(tx, found.project.id, invitationId);
    await projects.log(tx, request, {
      action: 'revoke_invitation',
      entityId: found.project.id,
      before: { id: revoked.id },
    });
    return revoked;
  });
}

/** Every listed user (by email, of the project's company space) into every listed project the caller manages. */
export async function addMultipleMembers(
  { db, app, projects }: WriteContext,
  request: FastifyRequest,
  payload: AddMultipleMembersPayload,
): Promise<AddMultipleMembersResult> {
  const roles = app.projectRoles;
  return db.transaction(async (tx): Promise<AddMultipleMembersResult> => {
    const who = await projects.caller(request, tx);
    // Locked in one order, so two batches over the same projects queue instead of deadlocking.
    const projectIds = [...new Set(payload.projects)].sort();
    const reached: ReachedProject[] = [];
    for (const id of projectIds) {
      const found = await projects.reach(tx, who, id, 'manage', { lock: true });
      assertNotCancelled(found);
      reached.push(found);
    }
    const people = new Map<string, Awaited<ReturnType<typeof roles.userByEmail>> | null>();
    for (const email of payload.users) {
      const key = email.trim().toLowerCase();
      if (!people.has(key)) people.set(key, (await roles.userByEmail(tx, key)) ?? null);
    }
    const result: AddMultipleMembersResult = { added: [], failed: [] };
    const inRequestOrder = [...new Set(payload.projects)].map((id) =>
      reached.find((found) => found.project.id === id)!,
    );
    for (const found of inRequestOrder) {
      const project = found.project.id;
      for (const [email, user] of people) {
        const fail = (errorCode: string, message: string) =>
          result.failed.push({ project, email, errorCode, message });
        if (!user) {
          fail('not_found', 'No portal user has this email address.');
          continue;
        }
        if (!(await roles.inCompanySpace(tx, user.id, found.project))) {
          fail('wrong_company_space', 'This user does not belong to the project’s company space.');
          continue;
        }
        if (!(await roles.addMember(tx, project, user.id))) {
          fail('duplicate', 'This user is already in the project.');
          continue;
        }
        result.added.push({ project, email: user.email });
        // One record per person, naming them (`userId`), so their History shows it too.
        await projects.log(tx, request, {
          action: 'add_members',
          entityId: project,
          after: { userId: user.id, email: user.email, role: 'member' },
        });
      }
    }
    return result;
  });
}

/** The caller leaves a project (no second factor, no right beyond a role in it); the owner transfers first. */
export async function leaveProject(
  { db, app, projects }: WriteContext,
  request: FastifyRequest,
  projectId: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const who = await projects.caller(request, tx);
    const found = await projects.existing(tx, projectId, { lock: true });
    await app.projectRoles.takeOut(tx, request, found.project.id, who.user.id, 'leave');
  });
}

/** The caller accepts an invitation with its password and joins as a member (of the project's company space only). */
export async function acceptInvitation(
  { db, app, projects }: WriteContext,
  request: FastifyRequest,
  invitationId: string,
  password: string,
): Promise<Project> {
  return db.transaction(async (tx) => {
    const who = await projects.caller(request, tx);
    const { invitation, found } = await app.projectInvitations.open(tx, who, invitationId, password, true);
    // Reading tells the invitee where the link leads; joining is for people of the project's company space.
    await app.projectRoles.assertInCompanySpace(tx, who.user.id, found.project, ['invitation']);
    await app.projectRoles.addMember(tx, found.project.id, who.user.id);
    await projects.log(tx, request, {
      action: 'accept_invitation',
      entityId: found.project.id,
      after: { invitationId: invitation.id, userId: who.user.id },
    });
    return projects.record(tx, found.project.id, who);
  });
}
