import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ProjectRoutesOptions } from '../projects.js';
import { dipAssetRoutes } from './asset-routes.js';
import { dipProcessRoutes } from './project-routes.js';

/** The design-in process of a project: its state, resolve, confirm, reset, and the files of its steps. */
export const dipProjectRoutes: FastifyPluginAsyncZod<ProjectRoutesOptions> = async (app, options) => {
  await app.register(dipProcessRoutes, options);
  await app.register(dipAssetRoutes, options);
};
