import { lt, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import { auditLog } from '../../db/schema.js';
import type { ModuleOptions } from '../../crud/module.js';
import type { Executor } from '../../crud/repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const SWEEP_INTERVAL_MS = 60 * 60 * 1000;
/** Rows per delete: small enough that one statement never holds the table long on a big history. */
export const AUDIT_PRUNE_BATCH = 5000;

/** Deletes the audit records older than `cutoff`, batch by batch; answers how many went. */
export async function pruneAuditLog(db: Executor, cutoff: Date, batch = AUDIT_PRUNE_BATCH): Promise<number> {
  let total = 0;
  for (;;) {
    const older = db.select({ id: auditLog.id }).from(auditLog).where(lt(auditLog.at, cutoff)).limit(batch);
    const deleted = await db
      .delete(auditLog)
      .where(sql`${auditLog.id} in (${older})`)
      .returning({ id: auditLog.id });
    total += deleted.length;
    if (deleted.length < batch) return total;
  }
}

/**
 * The history's retention (AUDIT_RETENTION_DAYS): at start and hourly, records older than that many days are
 * deleted. Unset, nothing is ever deleted.
 */
export default fp<ModuleOptions>(
  async (app, { db, config, clock }) => {
    const days = config.auditRetentionDays;
    if (!days) return;
    const sweep = () =>
      app.metrics
        .job('audit-retention', () => pruneAuditLog(db, new Date(clock.now().getTime() - days * DAY_MS)))
        .catch((error: unknown) => app.log.error({ err: error }, 'audit retention sweep failed'));
    app.addHook('onReady', async () => void sweep());
    const timer = setInterval(() => void sweep(), SWEEP_INTERVAL_MS);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  },
  { name: 'audit-retention' },
);
