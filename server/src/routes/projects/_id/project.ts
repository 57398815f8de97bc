import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  blocksProjectDeletion,
  PROJECT_FIELDS,
  isSecureSchema,
  projectFieldsQuerySchema,
  projectFieldsSchema,
  projectPayloadSchemas,
  projectSchema,
} from '@portal/resources';
import { access } from '../../../auth/access.js';
import { ApiError, badRequest } from '../../../transport/errors.js';
import type { ModuleOptions } from '../../../crud/module.js';
import { errorResponses } from '../../../crud/openapi.js';
import { notifyProjectMembers, projectMail } from '../../../mail/notify.js';
import { assertNotCancelled } from '../../../modules/projects/access.js';
import { projectParams, security, tags } from '../../../modules/projects/route-schemas.js';

/** One project (`projects/{id}`): read, changes and deletion. */
const oneProjectRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, options) => {
  const { db } = options;
  const { mail, files } = app;
  const { publicUrl } = options.config;
  const { projects } = app;
  const payloads = projectPayloadSchemas(options.config.providerEmailDomains);

  app.get(
    '',
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
      const who = await projects.caller(request);
      const found = await projects.reach(db, who, request.params.id, 'view');
      const withMembers =
        !fields?.length || fields.some((field) => ['members', 'owner', 'substitute', 'fae'].includes(field));
      const [full] = await projects.records(db, [found], who, withMembers);
      if (!fields?.length) return full!;
      return Object.fromEntries(
        Object.entries(full!).filter(([key]) => key === 'id' || key === 'uuid' || fields.includes(key)),
      ) as typeof full & object;
    },
  );

  app.get(
    '/secure',
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
      const who = await projects.caller(request);
      return { isSecure: await projects.isSecure(db, who, request.params.id) };
    },
  );

  app.patch(
    '',
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
        const who = await projects.caller(request, tx);
        const found = await projects.reach(tx, who, request.params.id, 'manage', { lock: true });
        assertNotCancelled(found);
        const before = await projects.record(tx, found.project.id, who);
        const changes: Parameters<typeof projects.update>[2] = {};
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
    '',
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
        const who = await projects.caller(request, tx);
        const found = await projects.reach(tx, who, request.params.id, 'manage', { lock: true });
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
        await files.delete(key).catch((error: unknown) => {
          request.log.warn({ err: error, key }, 'A file of a deleted project could not be removed');
        });
      }
      return before;
    },
  );
};

export default oneProjectRoutes;
