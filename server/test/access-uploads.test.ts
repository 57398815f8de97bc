import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '@portal/resources';
import { buildApp } from '../src/app.js';
import type { DatabaseHandle } from '../src/db/client.js';
import { toolFiles, toolVersions, tools } from '../src/db/schema-catalogue.js';
import { dipUploadProject } from './access-dip-support.js';
import { freshDatabase, testConfig } from './support/app.js';
import { bearer, signIn, type Tokens } from './support/sign-in.js';

/**
 * Uploads cannot escape their folder: whatever name an upload is given, its bytes land under the storage folder
 * (DATA_DIR/files), under a key the server makes, and nothing is written anywhere else. The app runs with a real
 * data folder inside a sandbox folder, so a write beside it would show.
 */
let sandbox: string;
let dataDir: string;
let app: FastifyInstance;
let database: DatabaseHandle;
let admin: Tokens;
let uploadBase: string;
let versionId: string;

async function listFiles(root: string): Promise<string[]> {
  const entries = await fs.readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

beforeAll(async () => {
  sandbox = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-access-uploads-'));
  dataDir = path.join(sandbox, 'data');
  await fs.mkdir(dataDir);
  await fs.writeFile(path.join(sandbox, 'sentinel.txt'), 'outside');
  database = await freshDatabase();
  app = await buildApp(testConfig({ DATA_DIR: dataDir }), { database, logger: false });
  await app.ready();
  admin = await signIn(app, { email: 'admin@portal.test' });
  const [tool] = await database.db.select().from(tools).where(eq(tools.featureId, 'power-designer-online'));
  const [version] = await database.db
    .select()
    .from(toolVersions)
    .where(and(eq(toolVersions.toolId, tool!.id), eq(toolVersions.version, '2024.2')));
  versionId = version!.id;
  uploadBase = `/api/v1/software/${tool!.id}/versions/${versionId}/files`;
});

afterAll(async () => {
  await app?.close();
  await database?.close();
  if (sandbox) await fs.rm(sandbox, { recursive: true, force: true });
});

const upload = (encodedName: string, bytes = Buffer.from('escape attempt')) =>
  app.inject({
    method: 'PUT',
    url: `${uploadBase}/${encodedName}?os=any&architecture=any`,
    headers: { ...bearer(admin), 'content-type': 'application/octet-stream' },
    payload: bytes,
  });

describe('an upload', () => {
  it('lands under the storage folder, under a key of the server’s making (the control)', async () => {
    const before = await listFiles(sandbox);
    const response = await upload('plain-name.zip');
    expect(response.statusCode, response.body).toBe(201);
    const added = (await listFiles(sandbox)).filter((file) => !before.includes(file));
    expect(added).toHaveLength(1);
    expect(added[0]!.startsWith(path.join(dataDir, 'files', 'tool-files', versionId) + path.sep)).toBe(true);
    expect(path.basename(added[0]!)).toMatch(/^[0-9a-f-]{36}$/);
  });

  const hostile = [
    '..%2F..%2F..%2Fescape.txt',
    '..%2F..%2Fsentinel.txt',
    '..%5C..%5Cescape.txt',
    '%2Fetc%2Fescape.txt',
    '%2E%2E%2F%2E%2E%2Fescape.txt',
    '..%252F..%252Fescape.txt',
    'sub%2Fdir%2Fescape.txt',
    '..',
    '.',
    '...',
    'escape%00.txt',
    '%C0%AE%C0%AE%2Fescape.txt',
    'file%0D%0AX-Injected%3A%201.txt',
    'a'.repeat(300),
  ];

  it('with a name that tries to leave the folder is refused in the error shape, and nothing is written', async () => {
    const before = await listFiles(sandbox);
    for (const name of hostile) {
      const response = await upload(name);
      expect(response.statusCode, `${name}: ${response.body}`).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, `${name}: ${response.body}`).toBeLessThan(500);
      expect(response.json<ErrorBody>().errors[0]?.errorCode, name).toBeTruthy();
    }
    expect(await listFiles(sandbox)).toEqual(before);
    expect(await fs.readFile(path.join(sandbox, 'sentinel.txt'), 'utf8')).toBe('outside');
    // No row names a file the storage does not hold.
    const rows = await database.db.select().from(toolFiles).where(eq(toolFiles.versionId, versionId));
    expect(rows.map((row) => row.fileName)).toEqual(['plain-name.zip']);
  });

  it('cannot be read back through a download address that tries to leave the folder', async () => {
    const base = '/api/v1/catalogue/tools/power-designer-online/versions/2024.2/files';
    for (const name of ['..%2F..%2Foidc%2Fkeys.json', '..%2F..%2F..%2Fsentinel.txt', '%2E%2E%2Fkeys.json']) {
      const response = await app.inject({ method: 'GET', url: `${base}/${name}`, headers: bearer(admin) });
      expect(response.statusCode, name).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, name).toBeLessThan(500);
      expect(response.body).not.toContain('outside');
      expect(response.body).not.toContain('"cookieKeys"');
    }
  });

  it('to a design-in step lands under the storage folder, and escaping names are refused with nothing written', async () => {
    const customer = await signIn(app, { email: 'customer@portal.test' });
    const { projectId, stepId } = await dipUploadProject(app, database.db, { owner: customer, admin });
    const dipUpload = (encodedName: string) =>
      app.inject({
        method: 'POST',
        url: `/api/v1/projects/${projectId}/dip/steps/${stepId}/assets?name=${encodedName}`,
        headers: { ...bearer(customer), 'content-type': 'application/octet-stream' },
        payload: Buffer.from('design files'),
      });
    const before = await listFiles(sandbox);
    const control = await dipUpload('schematics.pdf');
    expect(control.statusCode, control.body).toBe(201);
    const added = (await listFiles(sandbox)).filter((file) => !before.includes(file));
    expect(added).toHaveLength(1);
    expect(added[0]!.startsWith(path.join(dataDir, 'files') + path.sep)).toBe(true);
    expect(added[0]).not.toContain('schematics');

    const afterControl = await listFiles(sandbox);
    for (const name of hostile) {
      const response = await dipUpload(name);
      expect(response.statusCode, `${name}: ${response.body}`).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, `${name}: ${response.body}`).toBeLessThan(500);
    }
    expect(await listFiles(sandbox)).toEqual(afterControl);
  });

  it('is not served by the apps’ static folders through an escaping path', async () => {
    for (const url of [
      '/assets/..%2F..%2F..%2Fpackage.json',
      '/admin/assets/..%2F..%2F..%2F..%2Fpackage.json',
      '/..%2F..%2Fpackage.json',
      '/%2e%2e/%2e%2e/package.json',
    ]) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBeLessThan(500);
      expect(response.body, url).not.toContain('"packageManager"');
    }
  });
});
