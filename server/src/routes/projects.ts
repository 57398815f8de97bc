import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import { esimRoutes } from './projects/esim-routes.js';
import { invitationRoutes } from './projects/invitation-routes.js';
import { projectMemberRoutes } from './projects/member-routes.js';
import { notificationRoutes } from './projects/notification-routes.js';
import { projectCoreRoutes } from './projects/project-routes.js';

export { assertNotInProjects } from './projects/company-space-rule.js';

/** Projects, membership, invitations, notification settings and eSIM profiles, under /api/v1. */
export const projectRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (
  app,
  options,
) => {
  await app.register(projectCoreRoutes, options);
  await app.register(projectMemberRoutes, options);
  await app.register(invitationRoutes, options);
  await app.register(notificationRoutes, options);
  await app.register(esimRoutes, options);
};
