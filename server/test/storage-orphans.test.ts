import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import type { DatabaseHandle } from '../src/db/client.js';
import { seedDemoProjects } from '../src/db/demo-projects.js';
import { localFileStorage } from '../src/storage/file-storage.js';
import { removeOrphanFiles } from '../src/storage/orphans.js';
import { freshDatabase, testConfig } from './support/app.js';

const folders: string[] = [];
const tempFolder = async () => {
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-orphans-'));
  folders.push(folder);
  return folder;
};

const filesIn = async (root: string) =>
  (await fs.readdir(root, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();

const twoHoursAgo = () => new Date(Date.now() - 2 * 60 * 60 * 1000);

async function writeFile(root: string, key: string, when = new Date()) {
  const file = path.join(root, ...key.split('/'));
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, `bytes of ${key}`);
  await fs.utimes(file, when, when);
}

let database: DatabaseHandle;
let app: FastifyInstance;

beforeAll(async () => {
  database = await freshDatabase();
  app = await buildApp(testConfig(), { database, inMemory: true });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await database.close();
  for (const folder of folders) await fs.rm(folder, { recursive: true, force: true });
});

describe('removing stored files no row refers to', () => {
  it('removes old files named by no tool file or design-in asset, and keeps named, recent and partial ones', async () => {
    const { db } = database;
    const root = await tempFolder();
    const storage = localFileStorage(root);

    const rows = (query: ReturnType<typeof sql>) =>
      db.execute(query).then((result) => (result as unknown as { rows: Record<string, string>[] }).rows);
    const [toolFile] = await rows(sql`select storage_key as key from tool_files limit 1`);
    await seedDemoProjects(db);
    // Any project and step will do: the sweep reads the key, not where it belongs.
    const [where] = await rows(sql`select (select id from projects limit 1) as project,
      (select id from dip_steps limit 1) as step`);
    expect(toolFile?.key).toBeTruthy();
    expect(where?.project).toBeTruthy();
    expect(where?.step).toBeTruthy();
    const assetKey = `dip/${where!.project}/${randomUUID()}`;
    await db.execute(sql`insert into dip_assets
      (project_id, step_id, filename, storage_key, size, sha256, kind, uploader_email, scan_status)
      values (${where!.project}, ${where!.step}, 'kept.bin', ${assetKey}, 1, 'x', 'file', 'customer@portal.test', 'not_scanned')`);

    const old = twoHoursAgo();
    const orphanTool = `tool-files/${randomUUID()}/${randomUUID()}`;
    const orphanAsset = `dip/${where!.project}/${randomUUID()}`;
    const recentOrphan = `dip/${where!.project}/${randomUUID()}`;
    const partial = `${orphanTool}-other.${randomUUID()}.partial`;
    await writeFile(root, toolFile!.key!, old);
    await writeFile(root, assetKey, old);
    await writeFile(root, orphanTool, old);
    await writeFile(root, orphanAsset, old);
    await writeFile(root, partial, old);
    await writeFile(root, recentOrphan);

    expect(await removeOrphanFiles(db, storage)).toBe(2);
    expect(await filesIn(root)).toEqual([assetKey, partial, recentOrphan, toolFile!.key!].sort());
    // Nothing left to do the second time.
    expect(await removeOrphanFiles(db, storage)).toBe(0);
  });

  it('leaves a storage that cannot list its keys (a bucket) alone', async () => {
    const root = await tempFolder();
    const { keysWrittenBefore: _unlisted, ...bucketLike } = localFileStorage(root);
    await writeFile(root, `tool-files/${randomUUID()}/x`, twoHoursAgo());
    expect(await removeOrphanFiles(database.db, bucketLike)).toBe(0);
    expect(await filesIn(root)).toHaveLength(1);
  });

  it('runs when a server with a data folder starts', async () => {
    const dataDir = await tempFolder();
    const orphan = `tool-files/${randomUUID()}/${randomUUID()}`;
    await writeFile(path.join(dataDir, 'files'), orphan, twoHoursAgo());
    const started = await freshDatabase();
    const server = await buildApp(testConfig({ DATA_DIR: dataDir }), { database: started, logger: false });
    try {
      await server.ready();
      await expect
        .poll(() => filesIn(path.join(dataDir, 'files')), { timeout: 10_000 })
        .not.toContain(orphan);
      // The demo files the start wrote are named by their rows and stay.
      expect((await filesIn(path.join(dataDir, 'files'))).length).toBeGreaterThan(0);
    } finally {
      await server.close();
      await started.close();
    }
  });
});
