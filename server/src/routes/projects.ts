import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';

/** Projects, membership, invitations, notification settings and eSIM profiles, under /api/v1. */
export const projectRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async () => {};
