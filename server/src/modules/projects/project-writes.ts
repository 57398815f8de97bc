import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Invitation, Project, ProjectCreatePayload } from '@portal/resources';
import type { Database } from '../../db/client.js';
import { assertNotCancelled } from './access.js';
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
