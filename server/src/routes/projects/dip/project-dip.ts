import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dipAssetRoutes } from './asset-routes.js';
import type { DipRouteOptions } from './options.js';
import { dipProcessRoutes } from './process-routes.js';

/** The design-in process of a project: its state, resolve, confirm, reset, and the files of its steps. */
export const dipProjectRoutes: FastifyPluginAsyncZod<DipRouteOptions> = async (app, options) => {
  await app.register(dipProcessRoutes, options);
  await app.register(dipAssetRoutes, options);
};
