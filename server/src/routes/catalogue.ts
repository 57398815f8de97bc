import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';

/** Software, tools, bundles, documents, questionnaires, cart checkout, orders and licenses, under /api/v1. */
export const catalogueRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async () => {};

/** Pages outside the API root, such as the embedded test-payment page. */
export const catalogueRootRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async () => {};
