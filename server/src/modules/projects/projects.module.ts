import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type {
  AddMultipleMembersPayload,
  AddMultipleMembersResult,
  Invitation,
  NotificationSetting,
  Project,
  ProjectCancelAction,
  ProjectCreatePayload,
  ProjectUpdatePayload,
} from '@portal/resources';
import { projects } from '../../db/tables.js';
import { audit, type AuditEntry } from '../../crud/audit.js';
import { repositoryModule } from '../../crud/module.js';
import type { Executor } from '../../crud/repository.js';
import { projectDipFileKeys } from '../dip/records.js';
import {
  assertNotCancelled,
  projectIsSecure,
  projectNotFound,
  reachProject,
  type ReachedProject,
} from './access.js';
import { projectBoardView } from './board-view.js';
import { loadCaller, type ProjectCaller } from './caller.js';
import { projectStatistics } from './statistics.js';
import { findProject, projectRecords, type ProjectWithBoard } from './records.js';
import { justRegistered, registerProject } from './registration.js';
import {
  cancelStep,
  deleteProject,
  notificationSettingsOf,
  setNotificationSetting,
  showProject,
  updateProject,
  type ProjectFields,
} from './one-project.js';
import {
  acceptInvitation,
  addMultipleMembers,
  invite,
  leaveProject,
  registerFor,
  revokeInvitation,
} from './project-writes.js';
import { memberChanges } from './members.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Projects (spec product §5–§6): the caller, records, the access rule, lists, registration and changes. */
    projects: ProjectsRepository;
  }
}

/** A change by the project's managers (`memberChanges`), the project locked. */
export type ProjectChange = (
  request: FastifyRequest,
  projectId: string,
  work: (tx: Executor, found: ReachedProject, who: ProjectCaller) => Promise<void>,
  options?: { whileCancelled?: boolean },
) => Promise<Project>;

/** Whose eyes a record is read with. */
type Reader = Pick<ProjectCaller, 'user' | 'isAdmin'>;
type ProjectChanges = Partial<Omit<typeof projects.$inferInsert, 'id' | 'updatedAt'>>;

export interface ProjectsRepository {
  /** The caller as the project rules see them (roles, company space, second factor). */
  caller(request: FastifyRequest, tx?: Executor): Promise<ProjectCaller>;
  /** Records of rows already read, as `who` may see them. */
  records(tx: Executor, rows: ProjectWithBoard[], who: Reader, withMembers?: boolean): Promise<Project[]>;
  /**
   * The record of one project, read again (after a change, inside its transaction); a project registration just
   * wrote in this transaction comes from what it wrote.
   */
  record(tx: Executor, id: string, who: Reader): Promise<Project>;
  /** An audit record about a project. */
  log(tx: Executor, request: FastifyRequest, entry: Omit<AuditEntry, 'entity'>): Promise<void>;
  find: typeof findProject;
  /** A project by id whatever the caller's rights (leaving needs none); 404 when there is none. */
  existing(tx: Executor, id: string, options?: { lock?: boolean }): Promise<ProjectWithBoard>;
  /** 404 unknown, 403 no role allowing the need, then the secure rule (`reachProject`). */
  reach: typeof reachProject;
  /** Whether a project is secure, before the second factor is asked for (`projectIsSecure`). */
  isSecure: typeof projectIsSecure;
  statistics: () => ReturnType<typeof projectStatistics>;
  register: typeof registerProject;
  /** The board of a project as its people see it (every tab of the project page). */
  boardView: typeof projectBoardView;
  /** Changes columns of a project (stamping `updatedAt`). */
  update(tx: Executor, id: string, changes: ProjectChanges): Promise<void>;
  /** Deletes a project's row (its people, results and eSIM hold go with it); answers its files' keys. */
  remove(tx: Executor, id: string): Promise<string[]>;
  /** One project as the caller may see it (`GET projects/{id}`), only `fields` (besides id and uuid) if given. */
  showProject(request: FastifyRequest, id: string, fields?: readonly string[]): Promise<ProjectFields>;
  /** A manager's change (`PATCH projects/{id}`), audited; the members hear of a new DIP status. */
  updateProject(request: FastifyRequest, id: string, body: ProjectUpdatePayload): Promise<Project>;
  /** A manager's deletion (`DELETE projects/{id}`), 409 while people remain; its files go after the commit. */
  deleteProject(request: FastifyRequest, id: string): Promise<Project>;
  /** One step of the cancellation (`projects/{id}/cancel/{action}`), audited; the members are told. */
  cancelStep(request: FastifyRequest, id: string, action: ProjectCancelAction): Promise<Project>;
  /** The caller's notification settings of a project they may see. */
  notificationSettings(request: FastifyRequest, id: string): Promise<NotificationSetting[]>;
  /** A product registered as a project by the caller, audited. */
  registerFor(request: FastifyRequest, payload: ProjectCreatePayload): Promise<Project>;
  /** A manager's new invitation, audited; with its password, shown once. */
  invite(request: FastifyRequest, id: string, password?: string): Promise<Invitation & { password: string }>;
  /** The caller accepts an invitation with its password (`POST invitations/{id}/accept`), audited. */
  acceptInvitation(request: FastifyRequest, invitationId: string, password: string): Promise<Project>;
  /** A manager's revocation of an invitation, audited. */
  revokeInvitation(request: FastifyRequest, id: string, invitationId: string): Promise<Invitation>;
  /** Many users into many managed projects (`POST projects/add-multiple-members`), one record per person added. */
  addMultipleMembers(
    request: FastifyRequest,
    payload: AddMultipleMembersPayload,
  ): Promise<AddMultipleMembersResult>;
  /** A manager takes a person out (`DELETE projects/{id}/users`); the owner cannot be removed. */
  removeMember(request: FastifyRequest, id: string, userId: string): Promise<Project>;
  /** A manager makes a provider address the one FAE (`POST projects/{id}/fae`). */
  setFae(request: FastifyRequest, id: string, email: string): Promise<Project>;
  /** A manager removes the FAE (`DELETE projects/{id}/fae`). */
  removeFae(request: FastifyRequest, id: string): Promise<Project>;
  /** A manager makes a portal user the substitute (`POST projects/{id}/substitute`), checked against the owner. */
  setSubstitute(request: FastifyRequest, id: string, body: unknown): Promise<Project>;
  /** The substitute steps back to a member (`DELETE projects/{id}/substitute`). */
  removeSubstitute(request: FastifyRequest, id: string): Promise<Project>;
  /** A manager transfers the ownership (`POST projects/{id}/ownership`). */
  transferOwnership(request: FastifyRequest, id: string, body: unknown): Promise<Project>;
  /** The caller leaves a project (`DELETE projects/{id}/users/me`). */
  leaveProject(request: FastifyRequest, id: string): Promise<void>;
  /** Sets one of the caller's notification settings, audited; answers every setting. */
  setNotificationSetting(
    request: FastifyRequest,
    id: string,
    setting: NotificationSetting,
  ): Promise<NotificationSetting[]>;
}

export default repositoryModule(
  'projects',
  ({ db, config }, app): ProjectsRepository => {
    const records: ProjectsRepository['records'] = (tx, rows, who, withMembers = true) =>
      projectRecords(tx, rows, {
        publicUrl: config.publicUrl,
        reader: { userId: who.user.id, isAdmin: who.isAdmin },
        withMembers,
      });
    const record: ProjectsRepository['record'] = async (tx, id, who) => {
      const found = justRegistered(tx, id) ?? (await findProject(tx, id));
      if (!found) throw projectNotFound();
      return (await records(tx, [found], who))[0]!;
    };
    const log: ProjectsRepository['log'] = (tx, request, entry) =>
      audit(tx, request, { entity: 'project', ...entry });
    /**
     * A change by the project's managers (owner, substitute, admin): in one transaction with the project locked,
     * refused on a cancelled project unless `whileCancelled`; answers the project as it is after the change.
     */
    const change: ProjectChange = (request, projectId, work, { whileCancelled = false } = {}) =>
      db.transaction(async (tx) => {
        const who = await loadCaller(tx, request);
        const found = await reachProject(tx, who, projectId, 'manage', { lock: true });
        if (!whileCancelled) assertNotCancelled(found);
        await work(tx, found, who);
        return record(tx, found.project.id, who);
      });
    const repository: ProjectsRepository = {
      caller: (request, tx = db) => loadCaller(tx, request),
      records,
      record,
      log,
      ...memberChanges(app, { change, log, record }),
      find: findProject,
      existing: async (tx, id, options) => {
        const found = await findProject(tx, id, options);
        if (!found) throw projectNotFound();
        return found;
      },
      reach: reachProject,
      isSecure: projectIsSecure,
      statistics: () => projectStatistics(db),
      register: registerProject,
      boardView: projectBoardView,
      update: async (tx, id, changes) => {
        await tx
          .update(projects)
          .set({ ...changes, updatedAt: new Date() })
          .where(eq(projects.id, id));
      },
      remove: async (tx, id) => {
        const fileKeys = await projectDipFileKeys(tx, id);
        await app.esimProfiles.release(tx, id);
        await tx.delete(projects).where(eq(projects.id, id));
        return fileKeys;
      },
      showProject: (request, id, fields) => showProject(changeContext, request, id, fields),
      updateProject: (request, id, body) => updateProject(changeContext, request, id, body),
      deleteProject: (request, id) => deleteProject(changeContext, request, id),
      acceptInvitation: (request, id, password) => acceptInvitation(changeContext, request, id, password),
      addMultipleMembers: (request, payload) => addMultipleMembers(changeContext, request, payload),
      leaveProject: (request, id) => leaveProject(changeContext, request, id),
      registerFor: (request, payload) => registerFor(changeContext, request, payload),
      invite: (request, id, password) => invite(changeContext, request, id, password),
      revokeInvitation: (request, id, invitationId) =>
        revokeInvitation(changeContext, request, id, invitationId),
      cancelStep: (request, id, action) => cancelStep(changeContext, request, id, action),
      notificationSettings: (request, id) => notificationSettingsOf(changeContext, request, id),
      setNotificationSetting: (request, id, setting) =>
        setNotificationSetting(changeContext, request, id, setting),
    };
    const changeContext = { db, app, publicUrl: config.publicUrl, projects: repository };
    return repository;
  },
  ['esimProfiles', 'projectRoles', 'notificationSettings', 'projectInvitations'],
);
