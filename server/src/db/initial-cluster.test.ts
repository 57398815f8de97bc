import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from './client.js';
import { initialClusterFile, packInitialCluster } from './initial-cluster.js';
import { featureFlags } from './schema.js';

// A cluster's system identifier is drawn by initdb: a folder loaded from the packed cluster shares the packed
// one's, a folder initdb made has its own.
const IDENTIFIER = 'select system_identifier::text as id from pg_control_system()';
const clientOf = (database: DatabaseHandle) => (database.db as unknown as { $client: PGlite }).$client;
const identifierOf = async (database: DatabaseHandle) =>
  (await clientOf(database).query<{ id: string }>(IDENTIFIER)).rows[0]!.id;

const journal = JSON.parse(
  await fs.readFile(path.resolve(import.meta.dirname, '../../drizzle/meta/_journal.json'), 'utf8'),
) as { entries: unknown[] };
const appliedMigrations = async (database: DatabaseHandle) =>
  (
    await clientOf(database).query<{ n: number }>(
      'select count(*)::int as n from drizzle.__drizzle_migrations',
    )
  ).rows[0]!.n;

const SLOW = 180_000;
let work: string;
/** The packed cluster of the installed PGlite, and the same bytes named for another version, each in a folder. */
let packed: string;
let otherVersion: string;
let packedIdentifier: string;

beforeAll(async () => {
  work = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-initial-cluster-'));
  packed = path.join(work, 'packed');
  otherVersion = path.join(work, 'other-version');
  const file = await packInitialCluster(packed);
  await fs.mkdir(otherVersion);
  await fs.copyFile(file, initialClusterFile(otherVersion, '0.0.1'));
  const loaded = await PGlite.create({ loadDataDir: new Blob([await fs.readFile(file)]) });
  packedIdentifier = (await loaded.query<{ id: string }>(IDENTIFIER)).rows[0]!.id;
  await loaded.close();
}, SLOW);

afterAll(() => fs.rm(work, { recursive: true, force: true }));

/**
 * A new folder's first open: every migration applied, then a feature flag `key` written. Answers the cluster's
 * identifier.
 */
async function openNew(dataDir: string, packedClusters: string, key: string): Promise<string> {
  const first = await openDatabase({ dataDir, packedClusters });
  const identifier = await identifierOf(first);
  expect(await appliedMigrations(first)).toBe(journal.entries.length);
  await first.db.insert(featureFlags).values({ key, enabled: true });
  await first.close();
  return identifier;
}

/**
 * The folder reopened with the installed PGlite's packed cluster still there: its own cluster opens (PGlite would
 * refuse to load over it), flag `key` kept.
 */
async function expectReopenedAsIs(dataDir: string, key: string, identifier: string) {
  const reopened = await openDatabase({ dataDir, packedClusters: packed });
  expect(await identifierOf(reopened)).toBe(identifier);
  expect(await reopened.db.select().from(featureFlags).where(eq(featureFlags.key, key))).toHaveLength(1);
  await reopened.close();
}

describe('a PGlite data folder and the packed initial cluster', () => {
  it(
    'a new folder starts from the packed cluster, gets every migration, takes writes and keeps them',
    async () => {
      const dataDir = path.join(work, 'new');
      expect(await openNew(dataDir, packed, 'from-packed')).toBe(packedIdentifier);
      await expectReopenedAsIs(dataDir, 'from-packed', packedIdentifier);
    },
    SLOW,
  );

  it(
    "ignores a packed cluster of another PGlite version (initdb runs), and then opens the folder's cluster as is",
    async () => {
      const dataDir = path.join(work, 'initdb');
      const identifier = await openNew(dataDir, otherVersion, 'from-initdb');
      expect(identifier).not.toBe(packedIdentifier);
      await expectReopenedAsIs(dataDir, 'from-initdb', identifier);
    },
    SLOW,
  );
});
