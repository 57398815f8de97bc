import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  auditEntityOf,
  maintenanceResource,
  type MaintenanceInfo,
  type MaintenanceInput,
} from '@portal/resources';
import { maintenance } from '../../db/schema.js';
import { audit } from '../../crud/audit.js';
import { repositoryModule, type ModuleOptions } from '../../crud/module.js';
import type { Executor } from '../../crud/repository.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The maintenance banner of both apps (spec product §2.3 /admin/maintenance, calls §7.6). */
    maintenance: ReturnType<typeof maintenanceRepository>;
  }
}

/** One banner, in one row. */
const MAINTENANCE_ID = 1;

/** The banner as stored; no row yet means no banner. */
async function readMaintenance(db: Pick<Executor, 'select'>): Promise<MaintenanceInfo> {
  const [row] = await db
    .select({ text: maintenance.text, show: maintenance.show })
    .from(maintenance)
    .where(eq(maintenance.id, MAINTENANCE_ID))
    .limit(1);
  return row ?? { text: '', show: false };
}

function maintenanceRepository({ db, clock }: Pick<ModuleOptions, 'db' | 'clock'>) {
  return {
    read: () => readMaintenance(db),
    /** Replaces the banner; audited. */
    save: (request: FastifyRequest, input: MaintenanceInput) =>
      db.transaction(async (tx) => {
        const before = await readMaintenance(tx);
        const after: MaintenanceInfo = { text: input.text, show: input.show };
        const values = { ...after, updatedAt: clock.now() };
        await tx
          .insert(maintenance)
          .values({ id: MAINTENANCE_ID, ...values })
          .onConflictDoUpdate({ target: maintenance.id, set: values });
        await audit(tx, request, {
          action: 'update',
          entity: auditEntityOf(maintenanceResource),
          entityId: String(MAINTENANCE_ID),
          before,
          after,
        });
        return after;
      }),
  };
}

export default repositoryModule('maintenance', (options) => maintenanceRepository(options));
