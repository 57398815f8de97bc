import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../db/client.js';

/** Feature flags, the maintenance banner's admin side and company spaces, under /api/v1. */
export const platformRoutes: FastifyPluginAsyncZod<{ db: Database }> = async () => {};

/** `GET /maintenance` on the site root (spec calls §7.6), not under the API root. */
export const maintenanceRootRoute: FastifyPluginAsyncZod<{ db: Database }> = async () => {};
