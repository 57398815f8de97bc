import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.js';
import { dipBoardSettingRoutes } from './board-settings.js';
import { dipBoardStepRoutes } from './board-steps.js';

/** The design-in process of a board for admins: steps, per-step getting started, follow-up, secure workflow. */
export const dipBoardRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  await app.register(dipBoardStepRoutes, { db });
  await app.register(dipBoardSettingRoutes, { db });
};
