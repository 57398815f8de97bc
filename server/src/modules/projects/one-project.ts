import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  PROJECT_CANCEL_TRANSITIONS,
  blocksProjectDeletion,
  type NotificationSetting,
  type Project,
  type ProjectCancelAction,
  type ProjectUpdatePayload,
} from '@portal/resources';
import type { Database } from '../../db/client.js';
import { ApiError } from '../../transport/errors.js';
import { notifyProjectMembers, projectMail } from '../../mail/notify.js';
import { assertNotCancelled } from './access.js';
import type { ProjectsRepository } from './projects.module.js';

/** A project with only some fields besides its ids (`fields`). */
export type ProjectFields = Partial<Project> & Pick<Project, 'id' | 'uuid'>;

interface OneProjectContext {
  db: Database;
  app: FastifyInstance;
  publicUrl: string;
  projects: ProjectsRepository;
}

/** One project as the caller may see it (`GET projects/{id}`); `fields` keeps only those besides id and uuid. */
export async function showProject(
  { db, projects }: OneProjectContext,
  request: FastifyRequest,
  projectId: string,
  fields: readonly string[] | undefined,
): Promise<ProjectFields> {
  const who = await projects.caller(request);
  const found = await projects.reach(db, who, projectId, 'view');
  const withMembers =
    !fields?.length || fields.some((field) => ['members', 'owner', 'substitute', 'fae'].includes(field));
  const [full] = await projects.records(db, [found], who, withMembers);
  if (!fields?.length) return full!;
  return Object.fromEntries(
    Object.entries(full!).filter(([key]) => key === 'id' || key === 'uuid' || fields.includes(key)),
  ) as ProjectFields;
}

/** A manager's change of a project (`PATCH projects/{id}`): one transaction, audited, members told of a DIP status. */
export async function updateProject(
  { db, app, publicUrl, projects }: OneProjectContext,
  request: FastifyRequest,
  projectId: string,
  body: ProjectUpdatePayload,
): Promise<Project> {
  return db.transaction(async (tx) => {
    const who = await projects.caller(request, tx);
    const found = await projects.reach(tx, who, projectId, 'manage', { lock: true });
    assertNotCancelled(found);
    const before = await projects.record(tx, found.project.id, who);
    const changes: Parameters<ProjectsRepository['update']>[2] = {};
    if (body.name !== undefined) changes.name = body.name.trim();
    if (body.description !== undefined) changes.description = body.description?.trim() || null;
    if (body.group !== undefined) changes.groupName = body.group?.trim() || null;
    if (body.dipStatus !== undefined) changes.dipStatus = body.dipStatus;
    await projects.update(tx, found.project.id, changes);
    if (body.fae === null) await app.projectRoles.removeFae(tx, found.project.id, { quiet: true });
    else if (body.fae !== undefined) await app.projectRoles.assignFae(tx, found, body.fae);
    const after = await projects.record(tx, found.project.id, who);
    await projects.log(tx, request, { action: 'update', entityId: found.project.id, before, after });
    if (body.dipStatus !== undefined && (body.dipStatus ?? null) !== (found.project.dipStatus ?? null)) {
      await notifyProjectMembers(tx, app.mail, {
        projectId: found.project.id,
        type: 'dip-status-change',
        ...projectMail(publicUrl, after, 'the design-in status changed', [
          `Design-in status: ${found.project.dipStatus ?? 'none'} → ${body.dipStatus ?? 'none'}`,
        ]),
        excludeUserId: who.user.id,
      });
    }
    return after;
  });
}

/** A manager's deletion of a project (`DELETE projects/{id}`): 409 while people remain; answers it as it was. */
export async function deleteProject(
  { db, app, projects }: OneProjectContext,
  request: FastifyRequest,
  projectId: string,
): Promise<Project> {
  const { before, fileKeys } = await db.transaction(async (tx) => {
    const who = await projects.caller(request, tx);
    const found = await projects.reach(tx, who, projectId, 'manage', { lock: true });
    const before = await projects.record(tx, found.project.id, who);
    const others = before.members.filter((member) => blocksProjectDeletion(member.roles));
    if (others.length) {
      throw ApiError.of(
        409,
        'deletion_with_members',
        'This project cannot be deleted while it still has members. Remove them first.',
        others.map((member) => member.email),
      );
    }
    const fileKeys = await projects.remove(tx, found.project.id);
    await projects.log(tx, request, { action: 'delete', entityId: found.project.id, before });
    return { before, fileKeys };
  });
  // The rows are gone with the commit; their files go after it (a file without a row is only garbage).
  for (const key of fileKeys) {
    await app.files.delete(key).catch((error: unknown) => {
      request.log.warn({ err: error, key }, 'A file of a deleted project could not be removed');
    });
  }
  return before;
}

const CANCEL_HEADLINES: Record<ProjectCancelAction, string> = {
  request: 'cancellation requested',
  accept: 'the project was cancelled',
  reject: 'the cancellation was rejected; the project is active again',
};

/** One step of a project's cancellation (`projects/{id}/cancel/{action}`): 409 from any other status; members told. */
export async function cancelStep(
  { db, app, publicUrl, projects }: OneProjectContext,
  request: FastifyRequest,
  projectId: string,
  action: ProjectCancelAction,
): Promise<Project> {
  const { from, to } = PROJECT_CANCEL_TRANSITIONS[action];
  return db.transaction(async (tx) => {
    const who = await projects.caller(request, tx);
    const need = action === 'request' ? 'manage' : 'provider';
    const found = await projects.reach(tx, who, projectId, need, { lock: true });
    if (found.project.status !== from) {
      throw ApiError.of(
        409,
        'conflict',
        action === 'request'
          ? `Only an active project can be cancelled; this one is ${found.project.status}.`
          : `No cancellation is requested for this project; it is ${found.project.status}.`,
        ['status'],
      );
    }
    await projects.update(tx, found.project.id, { status: to });
    if (to === 'cancelled') await app.esimProfiles.release(tx, found.project.id);
    const after = await projects.record(tx, found.project.id, who);
    await projects.log(tx, request, {
      action: `cancel_${action}`,
      entityId: found.project.id,
      before: { status: from },
      after: { status: to },
    });
    await notifyProjectMembers(tx, app.mail, {
      projectId: found.project.id,
      type: 'project-status-change',
      ...projectMail(publicUrl, after, CANCEL_HEADLINES[action], [`Status: ${from} → ${to}`]),
      excludeUserId: who.user.id,
    });
    return after;
  });
}

/** The caller's own notification settings of a project they may see (`…/users/me/notifications`). */
export async function notificationSettingsOf(
  { db, projects, app }: OneProjectContext,
  request: FastifyRequest,
  projectId: string,
): Promise<NotificationSetting[]> {
  const who = await projects.caller(request);
  const found = await projects.reach(db, who, projectId, 'view');
  return app.notificationSettings.of(db, found.project.id, who.user.id);
}

/** Turns one of the caller's notification types on or off, audited on the project; answers every setting. */
export async function setNotificationSetting(
  { db, projects, app }: OneProjectContext,
  request: FastifyRequest,
  projectId: string,
  setting: NotificationSetting,
): Promise<NotificationSetting[]> {
  const settings = app.notificationSettings;
  return db.transaction(async (tx) => {
    const who = await projects.caller(request, tx);
    const found = await projects.reach(tx, who, projectId, 'view');
    const before = await settings.of(tx, found.project.id, who.user.id);
    await settings.set(tx, found.project.id, who.user.id, setting);
    const after = await settings.of(tx, found.project.id, who.user.id);
    await projects.log(tx, request, {
      action: 'notification_settings',
      entityId: found.project.id,
      before,
      after,
    });
    return after;
  });
}
