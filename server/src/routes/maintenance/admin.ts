import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MAINTENANCE_TEXT_MAX_LENGTH,
  maintenanceInfoSchema,
  maintenanceInputSchema,
  maintenanceResource,
} from '@portal/resources';
import { access } from '../../auth/access.js';
import { errorResponses } from '../../crud/openapi.js';
// `app.maintenance`'s type: app.ts imports this file for the root page, so programs that build the app without
// the server's own tsconfig (the CLI's tests) reach the decorator's declaration through here.
import type {} from '../../modules/platform/maintenance.module.js';
import { bearerSecurity } from '../../crud/openapi.js';

const NO_CACHE = 'no-cache, no-store';

/**
 * The admin side of the maintenance banner (spec product §2.3 /admin/maintenance), under /api/v1. Hand-written:
 * one banner read and replaced whole, no records to list, create or delete.
 */
const maintenanceAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '',
    {
      config: { access: access.resource(maintenanceResource, 'show') },
      schema: {
        tags: ['maintenance'],
        summary: 'The maintenance banner as admins edit it: text and whether it shows',
        security: bearerSecurity,
        response: { 200: maintenanceInfoSchema, ...errorResponses(401, 403) },
      },
    },
    async () => app.maintenance.read(),
  );

  app.put(
    '',
    {
      config: { access: access.resource(maintenanceResource, 'edit') },
      schema: {
        tags: ['maintenance'],
        summary: `Change the maintenance banner (text at most ${MAINTENANCE_TEXT_MAX_LENGTH} characters; showing needs a text)`,
        security: bearerSecurity,
        body: maintenanceInputSchema,
        response: { 200: maintenanceInfoSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => app.maintenance.save(request, request.body),
  );
};

/**
 * `GET /maintenance` on the site root (spec calls §7.6), for the banner of both apps. It declares no access
 * rule on purpose: the auth hook then never reads a token here, so even a stale one cannot hide the banner.
 */
export const maintenanceRootRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/maintenance',
    {
      schema: {
        tags: ['maintenance'],
        summary: 'The maintenance banner for everyone, no sign-in: text and whether to show it',
        response: { 200: maintenanceInfoSchema },
      },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', NO_CACHE);
      return app.maintenance.read();
    },
  );
};

export default maintenanceAdminRoutes;
