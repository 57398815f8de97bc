import { sql } from 'drizzle-orm';
import type { Database } from '../../src/db/client.js';
import type { Sent } from './sent-statements.js';

/** A parameter's value as an SQL literal, for EXECUTE: the numbers, text, nulls and lists of text the driver sent. */
export const literal = (value: unknown): string =>
  value === null
    ? 'null'
    : typeof value === 'number'
      ? String(value)
      : `'${(Array.isArray(value) ? `{${value.map((item) => JSON.stringify(String(item))).join(',')}}` : value instanceof Date ? value.toISOString() : String(value)).replaceAll("'", "''")}'`;

let probes = 0;

/**
 * Runs `probe` on one connection with `text` prepared under a fresh name, and deallocates it after, whatever
 * `probe` did: the statements run in a savepoint, since a prepared statement outlives a rolled-back transaction.
 */
async function withPrepared<T>(
  db: Database,
  text: string,
  probe: (run: (query: string) => Promise<Record<string, unknown>[]>, name: string) => Promise<T>,
): Promise<T> {
  const name = `plans_probe_${(probes += 1)}`;
  return db.transaction(async (tx) => {
    await tx.execute(sql.raw(`prepare ${name} as ${text}`));
    try {
      return await tx.transaction((inner) =>
        probe(
          async (query) =>
            ((await inner.execute(sql.raw(query))) as unknown as { rows: Record<string, unknown>[] }).rows,
          name,
        ),
      );
    } finally {
      await tx.execute(sql.raw(`deallocate ${name}`));
    }
  });
}

/**
 * How PostgreSQL planned `text` prepared under a name on one connection and run once with each list of values in
 * turn: how many calls it planned for their values (custom) and how many took its kept generic plan.
 */
export async function plansOf(
  db: Database,
  text: string,
  calls: unknown[][],
): Promise<{ custom_plans: number; generic_plans: number }> {
  return withPrepared(db, text, async (run, name) => {
    for (const values of calls) await run(`execute ${name}(${values.map(literal).join(', ')})`);
    const [counts] = await run(
      `select custom_plans::int, generic_plans::int from pg_prepared_statements where name = '${name}'`,
    );
    return counts as { custom_plans: number; generic_plans: number };
  });
}

/**
 * The plan PostgreSQL keeps for a prepared statement once it stops planning for each call's values (the generic
 * plan), as text: it cannot see those values (how long an array parameter is, how deep an offset).
 */
export async function genericPlan(db: Database, text: string, params: unknown[]): Promise<string> {
  return withPrepared(db, text, async (run, name) => {
    await run('set local plan_cache_mode = force_generic_plan');
    const lines = await run(`explain execute ${name}(${params.map(literal).join(', ')})`);
    return lines.map((row) => String(Object.values(row)[0])).join('\n');
  });
}

/**
 * How PostgreSQL plans a page statement as sent (its offset `sent` among its values) run on one connection as a list
 * is paged: eight pages of `size` near the front, then twice at `deepest` (the plan counts of {@link plansOf}; a kept
 * generic plan answers `{ custom_plans: 5, generic_plans: 5 }`).
 */
export async function plansWhenPaged(
  db: Database,
  statement: Sent,
  pages: { sent: number; size: number; deepest: number },
): Promise<{ custom_plans: number; generic_plans: number }> {
  const at = statement.params.map(String).indexOf(String(pages.sent));
  if (at < 0) throw new Error(`the statement was sent without the offset ${pages.sent}`);
  const offsets = [1, 2, 3, 4, 5, 6, 7, 8].map((n) => n * pages.size).concat([pages.deepest, pages.deepest]);
  return plansOf(
    db,
    statement.text,
    offsets.map((offset) => statement.params.with(at, offset)),
  );
}
