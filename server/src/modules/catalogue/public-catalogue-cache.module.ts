import { bigint, boolean, pgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.js';
import { repositoryModule } from '../../crud/module.js';
import { publicCacheHooks, type PublicCacheHooks } from '../../transport/public-cache.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Hooks of the anonymous catalogue API's GET routes: ETag from the catalogue version, 304, Cache-Control. */
    publicCatalogueCache: PublicCacheHooks;
  }
}

/**
 * One row that every transaction changing what the anonymous catalogue shows moves once, at its commit, by database
 * triggers (migration 0023). Not in the Drizzle schema: drizzle-kit does not know the triggers its migration makes.
 */
const catalogueVersion = pgTable('catalogue_version', {
  id: boolean('id').primaryKey(),
  value: bigint('value', { mode: 'number' }).notNull(),
});

/**
 * The tables whose every write moves the version: all that a public catalogue answer, page or the sitemap reads
 * (`test/public-cache.test.ts` checks the triggers against this list). Boards, serial numbers and questionnaires are
 * not shown on public pages.
 */
export const CATALOGUE_VERSION_TABLES = [
  'tools',
  'tool_versions',
  'tool_files',
  'software_bundles',
  'bundle_versions',
  'catalogue_documents',
] as const;

const statements = new WeakMap<Database, { execute(): Promise<{ value: number }[]> }>();

/**
 * The public catalogue's version: a conditional request compares its ETag against it with this one read. Read it
 * before the answer's own queries, so that an answer is never labelled newer than what it holds.
 */
export async function publicCatalogueVersion(db: Database): Promise<number> {
  let statement = statements.get(db);
  if (!statement) {
    statement = db
      .select({ value: catalogueVersion.value })
      .from(catalogueVersion)
      .prepare('catalogue_version');
    statements.set(db, statement);
  }
  const [row] = await statement.execute();
  if (!row) throw new Error('catalogue_version holds no row (migration 0023)');
  return row.value;
}

/** The list's answer depends on the `Range` header too (simple-rest paging). */
export default repositoryModule('publicCatalogueCache', ({ db }) =>
  publicCacheHooks(() => publicCatalogueVersion(db), ['range']),
);
