import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  blocksProjectDeletion,
  PROJECT_CANCEL_TRANSITIONS,
  PROJECT_FIELDS,
  isSecureSchema,
  projectFieldsSchema,
  projectPayloadSchemas,
  projectSchema,
  type ProjectCancelAction,
  projectFieldsQuerySchema,
  projectRegistrationQuerySchema,
} from '@portal/resources';
import { access } from '../../auth/access.js';
import { projects } from '../../db/tables.js';
import { ApiError, badRequest } from '../../http/errors.js';
import { notifyProjectMembers, projectMail } from '../../mail/notify.js';
import { projectDipFileKeys } from '../../modules/dip/records.js';
import type { FileStorage } from '../../storage/file-storage.js';
import type { MailQueue } from '../../mail/queue.js';
import { errorResponses } from '../schemas.js';
import {
  assertNotCancelled,
  reachProject,
  rolesIn,
  allows,
  projectNotFound,
} from '../../modules/projects/access.js';
import { findProject } from '../../modules/projects/records.js';
import { releaseEsimProfile } from '../../modules/projects/esim-profiles.js';
import { registerProject } from '../../modules/projects/registration.js';
import { assignFae, removeFae } from '../../modules/projects/roles.js';
import {
  projectHelpers,
  projectParams,
  security,
  tags,
  throwValidationError,
  type ProjectRouteOptions,
} from './shared.js';

/** One project: read, registration, changes, deletion and cancellation. */
export const projectRoutes: FastifyPluginAsyncZod<
  ProjectRouteOptions & { mail: MailQueue; files: FileStorage }
> = async (app, options) => {
  const { db, mail, files } = options;
  const { publicUrl } = options.config;
  const { caller, records, record, log } = projectHelpers(options);
  const payloads = projectPayloadSchemas(options.config.providerEmailDomains);

  app.get(
    '/projects/:id',
    {
      config: { access: access.signedIn() },
      schema: {
        tags,
        summary:
          'One project; `fields` (comma list) answers only those fields besides id and uuid. Secure projects need a second factor',
        security,
        params: projectParams,
        querystring: projectFieldsQuerySchema,
        response: { 200: projectFieldsSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const fields = request.query.fields
        ?.split(',')
        .map((field) => field.trim())
        .filter(Boolean);
      const unknown = fields?.filter((field) => !(PROJECT_FIELDS as string[]).includes(field));
      if (unknown?.length) {
        throw badRequest(`Unknown fields: ${unknown.join(', ')}. Known: ${PROJECT_FIELDS.join(', ')}.`, [
          'fields',
        ]);
      }
      const who = await caller(request);
      const found = await reachProject(db, who, request.params.id, 'view');
      const withMembers =
        !fields?.length || fields.some((field) => ['members', 'owner', 'substitute', 'fae'].includes(field));
      const [full] = await records(db, [found], who, withMembers);
      if (!fields?.length) return full!;
      return Object.fromEntries(
        Object.entries(full!).filter(([key]) => key === 'id' || key === 'uuid' || fields.includes(key)),
      ) as typeof full & object;
    },
  );

  app.get(
    '/projects/:id/secure',
    {
      config: { access: access.signedIn() },
      schema: {
        tags,
        summary: 'Whether a project is secure (asked before opening it; needs no second factor)',
        security,
        params: projectParams,
        response: { 200: isSecureSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const who = await caller(request);
      const found = await findProject(db, request.params.id);
      if (!found) throw projectNotFound();
      if (!allows(who, rolesIn(who, found), 'view')) {
        throw ApiError.of(403, 'forbidden', 'You are not a member of this project.', ['project']);
      }
      return { isSecure: found.project.secure };
    },
  );

  app.post(
    '/projects',
    {
      config: { access: access.signedIn() },
      attachValidation: true,
      schema: {
        tags,
        summary:
          'Register a product as a project: `board` is a serial number, or the name or id of a board that needs none; `acceptServiceAgreement=true` is required',
        security,
        querystring: projectRegistrationQuerySchema,
        body: payloads.create,
        response: { 201: projectSchema, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      throwValidationError(request);
      if (request.query.acceptServiceAgreement !== 'true') {
        throw badRequest('Accept the service agreement to register a product.', ['acceptServiceAgreement']);
      }
      const created = await db.transaction(async (tx) => {
        const who = await caller(request, tx);
        const id = await registerProject(tx, who, request.body);
        const after = await record(tx, id, who);
        await log(tx, request, { action: 'create', entityId: id, after });
        return after;
      });
      return reply.code(201).send(created);
    },
  );

  app.patch(
    '/projects/:id',
    {
      config: { access: access.signedIn() },
      schema: {
        tags,
        summary:
          'Change a project (owner, substitute, admin): name, description, group, dipStatus; `fae` an email sets the FAE, null removes it',
        security,
        params: projectParams,
        body: payloads.update,
        response: { 200: projectSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const body = request.body;
      if (body.uuid !== request.params.id)
        throw badRequest('The uuid in the body must be the project’s.', ['uuid']);
      return db.transaction(async (tx) => {
        const who = await caller(request, tx);
        const found = await reachProject(tx, who, request.params.id, 'manage', { lock: true });
        assertNotCancelled(found);
        const before = await record(tx, found.project.id, who);
        const changes: Partial<typeof projects.$inferInsert> = { updatedAt: new Date() };
        if (body.name !== undefined) changes.name = body.name.trim();
        if (body.description !== undefined) changes.description = body.description?.trim() || null;
        if (body.group !== undefined) changes.groupName = body.group?.trim() || null;
        if (body.dipStatus !== undefined) changes.dipStatus = body.dipStatus;
        await tx.update(projects).set(changes).where(eq(projects.id, found.project.id));
        if (body.fae === null) await removeFae(tx, found.project.id, { quiet: true });
        else if (body.fae !== undefined) await assignFae(tx, found, body.fae);
        const after = await record(tx, found.project.id, who);
        await log(tx, request, { action: 'update', entityId: found.project.id, before, after });
        if (body.dipStatus !== undefined && (body.dipStatus ?? null) !== (found.project.dipStatus ?? null)) {
          await notifyProjectMembers(tx, mail, {
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
    },
  );

  app.delete(
    '/projects/:id',
    {
      config: { access: access.signedIn() },
      schema: {
        tags,
        summary:
          'Delete a project (owner, substitute, admin); answers the deleted project. 409 deletion_with_members while members or a substitute remain',
        security,
        params: projectParams,
        response: { 200: projectSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { before, fileKeys } = await db.transaction(async (tx) => {
        const who = await caller(request, tx);
        const found = await reachProject(tx, who, request.params.id, 'manage', { lock: true });
        const before = await record(tx, found.project.id, who);
        const others = before.members.filter((member) => blocksProjectDeletion(member.roles));
        if (others.length) {
          throw ApiError.of(
            409,
            'deletion_with_members',
            'This project cannot be deleted while it still has members. Remove them first.',
            others.map((member) => member.email),
          );
        }
        const fileKeys = await projectDipFileKeys(tx, found.project.id);
        await releaseEsimProfile(tx, found.project.id);
        await tx.delete(projects).where(eq(projects.id, found.project.id));
        await log(tx, request, { action: 'delete', entityId: found.project.id, before });
        return { before, fileKeys };
      });
      // The rows are gone with the commit; their files go after it (a file without a row is only garbage).
      for (const key of fileKeys) {
        await files.delete(key).catch((error: unknown) => {
          request.log.warn({ err: error, key }, 'A file of a deleted project could not be removed');
        });
      }
      return before;
    },
  );

  const CANCEL_HEADLINES: Record<ProjectCancelAction, string> = {
    request: 'cancellation requested',
    accept: 'the project was cancelled',
    reject: 'the cancellation was rejected; the project is active again',
  };
  const cancelSummaries: Record<ProjectCancelAction, string> = {
    request:
      'Request the cancellation of an active project (owner, substitute, admin): status becomes cancellation-requested',
    accept:
      'Accept a requested cancellation (provider: admin or the project’s FAE): status becomes cancelled',
    reject:
      'Reject a requested cancellation (provider: admin or the project’s FAE): status goes back to active',
  };
  for (const action of Object.keys(PROJECT_CANCEL_TRANSITIONS) as ProjectCancelAction[]) {
    const { from, to } = PROJECT_CANCEL_TRANSITIONS[action];
    app.post(
      `/projects/:id/cancel/${action}`,
      {
        config: { access: access.signedIn() },
        schema: {
          tags,
          summary: `${cancelSummaries[action]}; answers the project`,
          security,
          params: projectParams,
          response: { 200: projectSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) =>
        db.transaction(async (tx) => {
          const who = await caller(request, tx);
          const found = await reachProject(
            tx,
            who,
            request.params.id,
            action === 'request' ? 'manage' : 'provider',
            {
              lock: true,
            },
          );
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
          await tx
            .update(projects)
            .set({ status: to, updatedAt: new Date() })
            .where(eq(projects.id, found.project.id));
          if (to === 'cancelled') await releaseEsimProfile(tx, found.project.id);
          const after = await record(tx, found.project.id, who);
          await log(tx, request, {
            action: `cancel_${action}`,
            entityId: found.project.id,
            before: { status: from },
            after: { status: to },
          });
          await notifyProjectMembers(tx, mail, {
            projectId: found.project.id,
            type: 'project-status-change',
            ...projectMail(publicUrl, after, CANCEL_HEADLINES[action], [`Status: ${from} → ${to}`]),
            excludeUserId: who.user.id,
          });
          return after;
        }),
    );
  }
};
