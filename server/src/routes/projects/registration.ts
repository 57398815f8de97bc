import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { projectPayloadSchemas, projectRegistrationQuerySchema, projectSchema } from '@portal/resources';
import { access } from '../../auth/access.js';
import { badRequest } from '../../transport/errors.js';
import type { ModuleOptions } from '../../crud/module.js';
import { errorResponses } from '../../crud/openapi.js';
import { throwValidationError } from '../../transport/validation-errors.js';
import { security, tags } from '../../modules/projects/route-schemas.js';

/**
 * `POST projects`: registering a product as a project. Hand-written: registration resolves a serial number or
 * board, needs the service agreement and is limited per caller, more than inserting a row.
 */
const registrationRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, options) => {
  const { projects } = app;
  const payloads = projectPayloadSchemas(options.config.providerEmailDomains);

  app.post(
    '',
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
      return reply.code(201).send(await projects.registerFor(request, request.body));
    },
  );
};

export default registrationRoutes;
