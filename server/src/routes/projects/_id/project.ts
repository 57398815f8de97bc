import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  PROJECT_FIELDS,
  isSecureSchema,
  projectFieldsQuerySchema,
  projectFieldsSchema,
  projectPayloadSchemas,
  projectSchema,
} from '@portal/resources';
import { access } from '../../../auth/access.js';
import { badRequest } from '../../../transport/errors.js';
import type { ModuleOptions } from '../../../crud/module.js';
import { errorResponses } from '../../../crud/openapi.js';
import { projectParams, security, tags } from '../../../modules/projects/route-schemas.js';

/** One project (`projects/{id}`): read, changes and deletion. */
const oneProjectRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, options) => {
  const { db } = options;
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
      return projects.showProject(request, request.params.id, fields);
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
      return projects.updateProject(request, request.params.id, body);
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
    async (request) => projects.deleteProject(request, request.params.id),
  );
};

export default oneProjectRoutes;
