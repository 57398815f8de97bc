import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MAINTENANCE_TEXT_MAX_LENGTH,
  maintenanceInfoSchema,
  maintenanceInputSchema,
  maintenanceResource,
  type MaintenanceInfo,
} from '@portal/resources';
import { access } from '../../auth/access.js';
import type { Database } from '../../db/client.js';
import { maintenance } from '../../db/schema.js';
import { audit } from '../../http/audit.js';
import { errorResponses } from '../schemas.js';

const MAINTENANCE_ID = 1;
/** The banner as stored; no row yet means no banner. */
async function readMaintenance(db: Pick<Database, 'select'>): Promise<MaintenanceInfo> {
  const [row] = await db
    .select({ text: maintenance.text, show: maintenance.show })
    .from(maintenance)
    .where(eq(maintenance.id, MAINTENANCE_ID))
    .limit(1);
  return row ?? { text: '', show: false };
}

const NO_CACHE = 'no-cache, no-store';

/** The admin side of the maintenance banner (spec product §2.3 /admin/maintenance), under /api/v1. */
const maintenanceAdminRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '',
    {
      config: { access: access.resource(maintenanceResource, 'show') },
      schema: {
        tags: ['maintenance'],
        summary: 'The maintenance banner as admins edit it: text and whether it shows',
        security: [{ bearer: [] }],
        response: { 200: maintenanceInfoSchema, ...errorResponses(401, 403) },
      },
    },
    async () => readMaintenance(db),
  );

  app.put(
    '',
    {
      config: { access: access.resource(maintenanceResource, 'edit') },
      schema: {
        tags: ['maintenance'],
        summary: `Change the maintenance banner (text at most ${MAINTENANCE_TEXT_MAX_LENGTH} characters; showing needs a text)`,
        security: [{ bearer: [] }],
        body: maintenanceInputSchema,
        response: { 200: maintenanceInfoSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) =>
      db.transaction(async (tx) => {
        const before = await readMaintenance(tx);
        const after: MaintenanceInfo = { text: request.body.text, show: request.body.show };
        await tx
          .insert(maintenance)
          .values({ id: MAINTENANCE_ID, ...after, updatedAt: new Date() })
          .onConflictDoUpdate({ target: maintenance.id, set: { ...after, updatedAt: new Date() } });
        await audit(tx, request, {
          action: 'update',
          entity: 'maintenance',
          entityId: String(MAINTENANCE_ID),
          before,
          after,
        });
        return after;
      }),
  );
};

/**
 * `GET /maintenance` on the site root (spec calls §7.6), for the banner of both apps. It declares no access
 * rule on purpose: the auth hook then never reads a token here, so even a stale one cannot hide the banner.
 */
export const maintenanceRootRoute: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/maintenance',
    {
      schema: {
        tags: ['maintenance'],
        summary: 'The maintenance banner for everyone, no sign-in: text and whether to show it',
        response: { 200: maintenanceInfoSchema },
      },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', NO_CACHE);
      return readMaintenance(db);
    },
  );
};

export default maintenanceAdminRoutes;
