import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Project } from '@portal/resources';
import { buildApp } from '../src/app.js';
import { openDatabase, type Database, type DatabaseHandle } from '../src/db/client.js';
import { toolVersions, tools } from '../src/db/schema-catalogue.js';
import { BackupError, exportBackup, readManifest, restoreBackup } from '../src/ops/backup.js';
import { freshDatabase, testConfig, usingPostgres } from './support/app.js';
import { bearer, signIn, type Tokens } from './support/sign-in.js';

/**
 * Backup and restore round trip on the database of this run (PGlite, or PostgreSQL — where it also restores into
 * PGlite): every row of every table, the files and the provider keys come back identical, and the restored portal
 * serves them — the old access token still works, the uploaded file downloads with its SHA-256.
 */
let root: string;
let source: { app: FastifyInstance; database: DatabaseHandle; dataDir: string };
let customer: Tokens;
let admin: Tokens;
let project: Project;
let backupFolder: string;
const uploaded = Buffer.from(`backup round trip ${Date.now()}\n`.repeat(200));
const fileUrl = '/api/v1/catalogue/tools/power-designer-online/versions/2024.2/files/roundtrip.zip';
const opened: DatabaseHandle[] = [];

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function startPortal(database: DatabaseHandle, dataDir: string) {
  const app = await buildApp(testConfig({ DATA_DIR: dataDir }), { database, logger: false });
  await app.ready();
  return app;
}

/**
 * Every row of every table as sorted JSON text (generated columns included), but the identity generation: a restore
 * moves it forward on purpose (checked on its own).
 */
async function snapshot(db: Database): Promise<Record<string, string[]>> {
  const tables = (await db.execute(
    sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind = 'r' and c.relname <> 'auth_generation' order by 1`,
  )) as unknown as { rows: { name: string }[] };
  const result: Record<string, string[]> = {};
  for (const { name } of tables.rows) {
    const rows = (await db.execute(
      sql`select row_to_json(t)::text as line from ${sql.raw(`"${name}"`)} t`,
    )) as unknown as { rows: { line: string }[] };
    result[name] = rows.rows.map((row) => row.line).sort();
  }
  return result;
}

async function filesUnder(folder: string): Promise<Record<string, string>> {
  const entries = await fs.readdir(folder, { recursive: true, withFileTypes: true }).catch(() => []);
  const result: Record<string, string> = {};
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    result[path.relative(folder, file)] = sha256(await fs.readFile(file));
  }
  return result;
}

async function emptyTarget(kind: 'same' | 'pglite' = 'same') {
  const database = kind === 'pglite' ? await openDatabase({ dataDir: null }) : await freshDatabase();
  opened.push(database);
  const dataDir = await fs.mkdtemp(path.join(root, 'target-'));
  return {
    database,
    dataDir,
    targets: {
      db: database.db,
      filesDir: path.join(dataDir, 'files'),
      providerKeysFile: path.join(dataDir, 'oidc', 'keys.json'),
    },
  };
}

beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-backup-test-'));
  const dataDir = path.join(root, 'source');
  await fs.mkdir(dataDir);
  const database = await freshDatabase();
  opened.push(database);
  const app = await startPortal(database, dataDir);
  source = { app, database, dataDir };
  [customer, admin] = await Promise.all([
    signIn(app, { email: 'customer@portal.test' }),
    signIn(app, { email: 'admin@portal.test' }),
  ]);
  const boards = (await database.db.execute(
    sql`select name from boards where released_for_registration and not restricted_access and not secure
        and not serialnumber_required and name not like 'ESIM%' order by name limit 1`,
  )) as unknown as { rows: { name: string }[] };
  const registered = await app.inject({
    method: 'POST',
    url: '/api/v1/projects?acceptServiceAgreement=true',
    headers: bearer(customer),
    payload: { name: 'Kept by the backup', board: boards.rows[0]!.name },
  });
  expect(registered.statusCode, registered.body).toBe(201);
  project = registered.json<Project>();
  const [tool] = await database.db.select().from(tools).where(eq(tools.featureId, 'power-designer-online'));
  const [version] = await database.db
    .select()
    .from(toolVersions)
    .where(and(eq(toolVersions.toolId, tool!.id), eq(toolVersions.version, '2024.2')));
  const upload = await app.inject({
    method: 'PUT',
    url: `/api/v1/software/${tool!.id}/versions/${version!.id}/files/roundtrip.zip?os=any&architecture=any`,
    headers: { ...bearer(admin), 'content-type': 'application/octet-stream' },
    payload: uploaded,
  });
  expect(upload.statusCode, upload.body).toBe(201);
  backupFolder = path.join(root, 'backup');
}, 120_000);

afterAll(async () => {
  await source?.app.close();
  for (const database of opened) await database.close().catch(() => undefined);
  if (root) await fs.rm(root, { recursive: true, force: true });
});

// Restores move every row twice through JSON; on a busy machine that takes a while.
describe('a backup', { timeout: 180_000 }, () => {
  it('holds every table, the files and the provider keys, with a manifest written last', async () => {
    const manifest = await exportBackup(
      {
        db: source.database.db,
        kind: source.database.kind,
        filesDir: path.join(source.dataDir, 'files'),
        providerKeysFile: path.join(source.dataDir, 'oidc', 'keys.json'),
      },
      backupFolder,
    );
    expect(manifest.source).toBe(usingPostgres() ? 'postgres' : 'pglite');
    expect(manifest.migration.count).toBeGreaterThan(0);
    expect(manifest.tables.projects!.rows).toBeGreaterThan(0);
    expect(manifest.tables.users!.rows).toBe((await snapshot(source.database.db)).users!.length);
    expect(manifest.files.count).toBeGreaterThanOrEqual(1);
    expect(manifest.providerKeys).toBe(true);
    expect(await readManifest(backupFolder)).toEqual(manifest);
    await expect(
      exportBackup(
        { db: source.database.db, kind: source.database.kind, filesDir: null, providerKeysFile: null },
        backupFolder,
      ),
    ).rejects.toThrow(BackupError);
  });

  it('restores into an empty database row for row, file for file', async () => {
    const target = await emptyTarget();
    await restoreBackup(backupFolder, target.targets);
    expect(await snapshot(target.database.db)).toEqual(await snapshot(source.database.db));
    expect(await filesUnder(target.targets.filesDir)).toEqual(
      await filesUnder(path.join(source.dataDir, 'files')),
    );
    const generation = async (db: Database) =>
      Number(
        (
          (await db.execute(sql`select value::text as value from auth_generation`)) as unknown as {
            rows: { value: string }[];
          }
        ).rows[0]!.value,
      );
    expect(await generation(target.database.db)).toBeGreaterThan(await generation(source.database.db));
    expect(await fs.readFile(target.targets.providerKeysFile, 'utf8')).toBe(
      await fs.readFile(path.join(source.dataDir, 'oidc', 'keys.json'), 'utf8'),
    );

    // The restored portal serves what was backed up, to a token issued before the backup.
    const app = await startPortal(target.database, target.dataDir);
    try {
      const mine = await app.inject({
        method: 'GET',
        url: '/api/v1/projects/user',
        headers: bearer(customer),
      });
      expect(mine.statusCode, mine.body).toBe(200);
      expect(mine.json<Project[]>().map((p) => p.name)).toContain('Kept by the backup');
      const shown = await app.inject({
        method: 'GET',
        url: `/api/v1/projects/${project.id}`,
        headers: bearer(customer),
      });
      expect(shown.statusCode).toBe(200);
      const file = await app.inject({ method: 'GET', url: fileUrl, headers: bearer(admin) });
      expect(file.statusCode).toBe(200);
      expect(sha256(file.rawPayload)).toBe(sha256(uploaded));
      // Identity sequences moved past the restored rows: new rows get fresh numbers.
      const installers = await app.inject({
        method: 'GET',
        url: '/api/v1/installers',
        headers: bearer(customer),
      });
      const [installer] = installers.json<{ id: string }[]>();
      const key = await app.inject({
        method: 'POST',
        url: `/api/v1/installers/${installer!.id}/installation-keys`,
        headers: bearer(customer),
      });
      expect(key.statusCode, key.body).toBe(201);
    } finally {
      await app.close();
    }
  });

  it.runIf(usingPostgres())('taken from PostgreSQL restores into PGlite', async () => {
    const target = await emptyTarget('pglite');
    await restoreBackup(backupFolder, target.targets);
    expect(await snapshot(target.database.db)).toEqual(await snapshot(source.database.db));
  });

  it('refuses a database that holds rows, changing nothing; replaces it when asked', async () => {
    const target = await emptyTarget();
    const app = await startPortal(target.database, target.dataDir); // seeds the demo data
    await app.close();
    const before = await snapshot(target.database.db);
    await expect(restoreBackup(backupFolder, target.targets)).rejects.toThrow(/not empty/);
    expect(await snapshot(target.database.db)).toEqual(before);
    await restoreBackup(backupFolder, target.targets, { replace: true });
    expect(await snapshot(target.database.db)).toEqual(await snapshot(source.database.db));
  });

  it('refuses a damaged or unfinished backup before writing anything', async () => {
    const damaged = path.join(root, 'damaged');
    await fs.cp(backupFolder, damaged, { recursive: true });
    const projectsFile = path.join(damaged, 'db', 'projects.jsonl');
    const text = await fs.readFile(projectsFile, 'utf8');
    await fs.writeFile(projectsFile, text.replace('Kept by the backup', 'Changed after the backup'));
    const target = await emptyTarget();
    const before = await snapshot(target.database.db);
    await expect(restoreBackup(damaged, target.targets)).rejects.toThrow(/damaged/);
    await fs.rm(path.join(damaged, 'manifest.json'));
    await expect(restoreBackup(damaged, target.targets)).rejects.toThrow(/no finished backup/);
    expect(await snapshot(target.database.db)).toEqual(before);
    expect((await snapshot(target.database.db)).users).toEqual([]);
  });

  it('lands whole or not at all: a row that cannot be written leaves the database as it was', async () => {
    const broken = path.join(root, 'broken');
    await fs.cp(backupFolder, broken, { recursive: true });
    // A project whose board does not exist (the manifest is made to match, as a bug might write it).
    const projectsFile = path.join(broken, 'db', 'projects.jsonl');
    const lines = (await fs.readFile(projectsFile, 'utf8')).trimEnd().split('\n');
    const row = JSON.parse(lines[0]!) as Record<string, unknown>;
    lines.push(JSON.stringify({ ...row, id: '00000000-0000-4000-8000-000000000001', board_id: row.id }));
    const content = `${lines.join('\n')}\n`;
    await fs.writeFile(projectsFile, content);
    const manifestFile = path.join(broken, 'manifest.json');
    const manifest = JSON.parse(await fs.readFile(manifestFile, 'utf8')) as {
      tables: Record<string, { rows: number; sha256: string }>;
    };
    manifest.tables.projects = { rows: lines.length, sha256: sha256(Buffer.from(content)) };
    await fs.writeFile(manifestFile, JSON.stringify(manifest));
    const target = await emptyTarget();
    const before = await snapshot(target.database.db);
    // A foreign-key violation (drizzle names the failed query; PostgreSQL's reason is its cause).
    await expect(restoreBackup(broken, target.targets)).rejects.toThrow();
    expect(await snapshot(target.database.db)).toEqual(before);
    expect((await snapshot(target.database.db)).projects).toEqual([]);
  });

  it('refuses a backup of another migration', async () => {
    const other = path.join(root, 'other-migration');
    await fs.cp(backupFolder, other, { recursive: true });
    const manifestFile = path.join(other, 'manifest.json');
    const manifest = JSON.parse(await fs.readFile(manifestFile, 'utf8')) as { migration: { count: number } };
    manifest.migration.count -= 1;
    await fs.writeFile(manifestFile, JSON.stringify(manifest));
    const target = await emptyTarget();
    await expect(restoreBackup(other, target.targets)).rejects.toThrow(/migration/);
  });
});
