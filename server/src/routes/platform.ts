import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../db/client.js';
import { companySpaceRoutes } from './platform/company-spaces.js';
import { maintenanceAdminRoutes } from './platform/maintenance.js';

export { maintenanceRootRoute } from './platform/maintenance.js';

/** The maintenance banner's admin side and company spaces, under /api/v1. */
export const platformRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  await app.register(maintenanceAdminRoutes, { db });
  await app.register(companySpaceRoutes, { db });
};
