import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client.js';

export interface CatalogueSize {
  tools: number;
  /** Versions per tool; the last one is payable (serial product number and price). */
  versionsPerTool: number;
  bundles: number;
}

/** Words the bench names are made of, so a search matches a realistic share of the catalogue. */
export const WORDS = [
  'Flash',
  'Motor',
  'Radar',
  'Sensor',
  'Secure',
  'Power',
  'Clock',
  'Debug',
  'Trace',
  'Boot',
  'Signal',
  'Fusion',
  'Audio',
  'Vision',
  'Gateway',
  'Crypto',
  'Tuning',
  'Config',
  'Studio',
  'Kit',
  'Library',
  'Driver',
  'Monitor',
  'Profiler',
  'Analyzer',
  'Compiler',
  'Linker',
  'Loader',
  'Shell',
  'Viewer',
];

const TYPES = ['tool', 'software', 'software_external', 'legacy-tool', 'content-pack', 'netlist'];

/**
 * Fills the catalogue in SQL (generate_series): `tools` tools named from {@link WORDS}, each with
 * `versionsPerTool` versions (the last payable), and `bundles` released bundles of five tools each.
 */
export async function fillCatalogue(db: Database, size: CatalogueSize): Promise<void> {
  const words = sql.raw(`(array[${WORDS.map((w) => `'${w}'`).join(',')}])`);
  const types = sql.raw(`(array[${TYPES.map((t) => `'${t}'`).join(',')}])`);
  const n = WORDS.length;
  await db.execute(sql`insert into tools (feature_id, name, type, description, icon, is_installable_via_launcher)
    select 'bench-tool-' || g,
      ${words}[1 + g % ${n}] || ' ' || ${words}[1 + (g / ${n}) % ${n}] || ' ' || ${words}[1 + (g / ${n * n}) % ${n}] || ' ' || g,
      ${types}[1 + g % ${TYPES.length}],
      'Bench ' || ${words}[1 + (g * 7) % ${n}] || ' tool number ' || g || ' for the catalogue benchmark.',
      'icons/bench.svg', g % 2 = 0
    from generate_series(1, ${size.tools}) g`);
  await db.execute(sql`insert into tool_versions (tool_id, version, version_numeric, description, tags, spn, price, release_notes)
    select t.id, v || '.0.0', v * 10000, 'Version ' || v, array['bench'],
      case when v = ${size.versionsPerTool} then 'SPN-' || t.feature_id end,
      case when v = ${size.versionsPerTool} then '{"amountCents": 9900, "currency": "EUR"}'::jsonb end,
      'Release notes of version ' || v
    from tools t cross join generate_series(1, ${size.versionsPerTool}) v
    where t.feature_id like 'bench-tool-%'`);
  await db.execute(sql`insert into software_bundles (uuid, name, released, tool_feature_ids, hardware_names)
    select 'BND-BENCH-' || g, ${words}[1 + g % ${n}] || ' ' || ${words}[1 + (g / ${n}) % ${n}] || ' Bundle ' || g, true,
      array(select 'bench-tool-' || (g * 5 + k) from generate_series(1, 5) k), array['Bench board']
    from generate_series(1, ${size.bundles}) g`);
  // As autovacuum leaves a table at rest (the projects fill does the same): statistics, and the visibility map that
  // lets a deep page skip listed tools on an index alone.
  for (const table of ['tools', 'tool_versions', 'software_bundles', 'catalogue_documents']) {
    await db.execute(sql.raw(`vacuum analyze ${table}`));
  }
  await db.execute(sql`analyze`);
}

/**
 * A cart no other request of the run has, at every data set size: 10 payable versions and 10 free ones. The payable
 * tools come in blocks of ten (`n / 10` blocks); the free tools' versions count the laps through those blocks in
 * base `versionsPerTool - 1`, one digit per free entry, so no cart repeats within `n / 10 × 4^10` calls. A repeated
 * cart would be answered again from its first checkout (the replay window), a far cheaper path: with 100 tools and
 * versions shifting only once per lap, the small data set's checkouts were mostly replays (issue 24: the checkout's
 * "growth" from 10k to 1M was that difference).
 */
export function cartOf(i: number, shape: Pick<CatalogueSize, 'tools' | 'versionsPerTool'>) {
  const n = shape.tools;
  const blocks = Math.floor(n / 10);
  const digits = shape.versionsPerTool - 1;
  let lap = Math.floor(i / blocks);
  const entries = [];
  for (let j = 0; j < 10; j += 1) {
    entries.push({
      type: 'tool' as const,
      item: { featureId: `bench-tool-${1 + (((i % blocks) * 10 + j) % n)}` },
      package: { version: `${shape.versionsPerTool}.0.0` },
    });
    entries.push({
      type: 'tool' as const,
      item: { featureId: `bench-tool-${1 + (((i % blocks) * 10 + j + Math.floor(n / 2)) % n)}` },
      package: { version: `${1 + (lap % digits)}.0.0` },
    });
    lap = Math.floor(lap / digits);
  }
  return { entries };
}
