import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.js';
import { boardPartnerRoutes } from './board-partners.js';
import { boardGettingStartedRoutes } from './getting-started.js';
import { boardLinkRoutes } from './links.js';
import { boardRestrictionRoutes } from './restrictions.js';

/** What a board shows its projects besides documents: links, partners, getting-started items, support link; and its restriction list. */
export const boardContentRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  await app.register(boardLinkRoutes, { db });
  await app.register(boardPartnerRoutes, { db });
  await app.register(boardGettingStartedRoutes, { db });
  await app.register(boardRestrictionRoutes, { db });
};
