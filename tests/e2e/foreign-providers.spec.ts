import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '../support/test.js';
import {
  FOREIGN_SHAPES,
  startForeignProvider,
  type ForeignProvider,
} from '../../server/test/support/foreign-oidc.js';
import { Header, accessTokenOf } from '../support/pages.js';

/**
 * The built portal against a foreign OpenID provider shaped like Keycloak, Auth0, Entra ID, Okta and Google in turn:
 * sign-in, a project call and sign-out each, on a portal of its own so the suite's servers stay untouched.
 */
const repoRoot = path.resolve(import.meta.dirname, '../..');
/** How long a portal may take to answer /readyz: only bounds a failure (the built server starts in seconds). */
const PORTAL_START_MS = 180_000;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** The built server (as the suite's) with the provider's variables; resolves once /readyz answers. */
async function startPortal(env: Record<string, string>, port: number): Promise<ChildProcess> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-foreign-'));
  const child = spawn('node', ['--conditions=portal-built', '--enable-source-maps', 'server/dist/main.js'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://localhost:${port}`,
      DATA_DIR: dataDir,
      SEED_DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
      ...(process.env.E2E_STATIC_DIR ? { STATIC_DIR: process.env.E2E_STATIC_DIR } : {}),
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  await expect
    .poll(
      async () => {
        if (child.exitCode !== null) throw new Error(`the portal stopped: ${errors}`);
        return fetch(`http://localhost:${port}/readyz`).then(
          (response) => response.status,
          () => 0,
        );
      },
      { timeout: PORTAL_START_MS },
    )
    .toBe(200);
  return child;
}

for (const shape of FOREIGN_SHAPES) {
  test.describe(`signing in through a foreign ${shape}`, () => {
    let idp: ForeignProvider;
    let portal: ChildProcess | undefined;
    let origin: string;

    test.beforeAll(async () => {
      test.setTimeout(PORTAL_START_MS + 30_000);
      const port = await freePort();
      origin = `http://localhost:${port}`;
      idp = await startForeignProvider({ shape, portalOrigins: [origin] });
      portal = await startPortal(idp.env, port);
    });
    test.afterAll(async () => {
      if (portal && portal.exitCode === null) {
        const exited = new Promise((resolve) => portal!.once('exit', resolve));
        portal.kill('SIGTERM');
        await exited;
      }
      await idp?.close();
    });

    test('reaches /my/projects and a project call, and signs out', async ({ page }) => {
      await page.goto(`${origin}/my/projects`);
      await expect(page.getByRole('heading', { name: `Sign in to ${shape}` })).toBeVisible();
      await page.getByLabel('Login').fill('ada');
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect(page).toHaveURL(`${origin}/my/projects`);
      await expect(page.getByText('Welcome, Ada Lovelace')).toBeVisible();

      const token = await accessTokenOf(page);
      const projects = await page.request.get(`${origin}/api/v1/projects/user`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(projects.status()).toBe(200);

      await new Header(page).logout('Ada Lovelace');
      await expect(page).toHaveURL(`${origin}/welcome`);
    });
  });
}
