import { sql } from 'drizzle-orm';
import type { Database } from '../../src/db/client.js';

/** A statement's value as an SQL literal: page statements bind numbers, text and lists of text. */
const literal = (value: unknown): string =>
  typeof value === 'number'
    ? String(value)
    : `'${(Array.isArray(value) ? `{${value.map((item) => JSON.stringify(String(item))).join(',')}}` : String(value)).replaceAll("'", "''")}'`;

let probes = 0;

/**
 * How PostgreSQL planned `text` when prepared under a name on one connection and run once with each list of values
 * in turn: how many calls it planned for their values (custom) and how many took the kept generic plan.
 */
export async function plansOf(
  db: Database,
  text: string,
  calls: unknown[][],
): Promise<{ custom_plans: number; generic_plans: number }> {
  const name = `plans_probe_${(probes += 1)}`;
  return db.transaction(async (tx) => {
    await tx.execute(sql.raw(`prepare ${name} as ${text}`));
    for (const values of calls)
      await tx.execute(sql.raw(`execute ${name}(${values.map(literal).join(', ')})`));
    const found = (await tx.execute(
      sql`select custom_plans::int, generic_plans::int from pg_prepared_statements where name = ${name}`,
    )) as unknown as { rows: { custom_plans: number; generic_plans: number }[] };
    await tx.execute(sql.raw(`deallocate ${name}`));
    return found.rows[0]!;
  });
}
