import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import type { MailQueue } from '../mail/queue.js';
import type { FileStorage } from '../storage/file-storage.js';
import type { Scanner } from '../uploads/scanner.js';
import { dipProjectRoutes } from './projects/dip/project-dip.js';
import { projectBoardViewRoutes } from './projects/board-view.js';
import { esimRoutes } from './eSim/profile.js';
import { invitationRoutes } from './projects/invitation-routes.js';
import { projectMemberRoutes } from './projects/member-routes.js';
import { notificationRoutes } from './projects/notification-routes.js';
import { projectListRoutes } from './projects/lists.js';
import { projectRoutes as oneProjectRoutes } from './projects/project.js';

export { assertNotInProjects } from '../modules/projects/company-space-rule.js';

/** What app.ts hands the project routes: the database, the configuration and the services of uploads and mail. */
export interface ProjectRoutesOptions {
  db: Database;
  config: Config;
  /** Files and uploads (local folder or S3-compatible bucket). */
  files: FileStorage;
  scanner: Scanner;
  /** Durable outgoing mail; see `notifyProjectMembers` in mail/notify.ts. */
  mail: MailQueue;
}

/** Projects, membership, invitations, notification settings and eSIM profiles, under /api/v1. */
export const projectRoutes: FastifyPluginAsyncZod<ProjectRoutesOptions> = async (app, options) => {
  await app.register(projectListRoutes, options);
  await app.register(oneProjectRoutes, options);
  await app.register(projectMemberRoutes, options);
  await app.register(invitationRoutes, options);
  await app.register(notificationRoutes, options);
  await app.register(esimRoutes, options);
  await app.register(dipProjectRoutes, options);
  await app.register(projectBoardViewRoutes, options);
};
