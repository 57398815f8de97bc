import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { BoardRecord, DipAsset, DipProcess, DipSteps, DipStepInput, RoleName } from '@portal/resources';
import { buildApp } from '../src/app.js';
import { dipAssets, mailQueue, projectMembers } from '../src/db/tables.js';
import { localFileStorage } from '../src/storage/file-storage.js';
import { freshDatabase, testConfig, type TestApp } from './support/app.js';
import { bearer, signIn, type Tokens } from './support/sign-in.js';
import { projectTestKit } from './projects-support.js';

/** The EICAR test string every virus scanner reports; a fake clamd finds it. */
export const EICAR = 'X5O!P%@AP[4\\PZX54(P^)7CC)7}$EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*';

/** A fake clamd (INSTREAM over TCP): `stream: OK`, or FOUND when the bytes carry the EICAR string. */
export async function fakeClamd() {
  const server = net.createServer((socket) => {
    let buffer = Buffer.alloc(0);
    let commandRead = false;
    const chunks: Buffer[] = [];
    socket.on('data', (data) => {
      buffer = Buffer.concat([buffer, data]);
      if (!commandRead) {
        const end = buffer.indexOf(0);
        if (end < 0) return;
        buffer = buffer.subarray(end + 1);
        commandRead = true;
      }
      while (buffer.length >= 4) {
        const size = buffer.readUInt32BE(0);
        if (size === 0) {
          const whole = Buffer.concat(chunks);
          return void socket.end(
            whole.includes(EICAR) ? 'stream: Eicar-Test-Signature FOUND\0' : 'stream: OK\0',
          );
        }
        if (buffer.length < 4 + size) return;
        chunks.push(buffer.subarray(4, 4 + size));
        buffer = buffer.subarray(4 + size);
      }
    });
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The real app on a fresh database with the demo data, files in a folder the test can look into. */
export async function startDipApp(env: Record<string, string> = {}): Promise<TestApp & { filesDir: string }> {
  const config = testConfig(env);
  const database = await freshDatabase();
  const filesDir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-dip-'));
  const app = await buildApp(config, {
    database,
    inMemory: true,
    logger: false,
    files: localFileStorage(filesDir),
    mailWorker: false,
  });
  await app.ready();
  return {
    app,
    database,
    config,
    filesDir,
    close: async () => {
      await app.close();
      await database.close();
      await fs.rm(filesDir, { recursive: true, force: true });
    },
  };
}

/** Every design-in file in the storage folder (partial ones included), relative to it. */
export async function dipFiles(filesDir: string): Promise<string[]> {
  return filesUnder(path.join(filesDir, 'dip'));
}

/** Every file under a folder (partial ones included), relative to it. */
export async function filesUnder(root: string): Promise<string[]> {
  const found: string[] = [];
  const walk = async (dir: string) => {
    for (const entry of await fs.readdir(dir, { withFileTypes: true }).catch(() => [])) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(full);
      else found.push(path.relative(root, full));
    }
  };
  await walk(root);
  return found.sort();
}

/** A step as the DIP editor saves it, with defaults for what a test does not care about. */
export function step(overrides: Partial<DipStepInput> & { title: string }): DipStepInput {
  return {
    description: 'What to do in this step.',
    resolverRoles: ['project-member'],
    completer: null,
    completionType: 'check',
    confirmationRequired: false,
    csaReset: false,
    secure: false,
    childProject: null,
    ...overrides,
  };
}

export interface DipPeople {
  admin: Tokens;
  owner: Tokens;
  csa: Tokens;
  member: { tokens: Tokens; id: string; email: string };
  fae: { tokens: Tokens; id: string; email: string };
  viewer: { tokens: Tokens; id: string; email: string };
  outsider: { tokens: Tokens; id: string; email: string };
}

/** Calls and people of the DIP suites. */
export function dipTestKit(t: () => TestApp & { filesDir: string }) {
  const kit = projectTestKit(t);
  const { call, expectOk, expectError } = kit;

  /** The demo admin, owner (customer@), company space admin (csa@) and made-up member, FAE, viewer and outsider. */
  async function people(prefix: string): Promise<DipPeople> {
    const [admin, owner, csa] = await Promise.all([
      signIn(t().app, { email: 'admin@portal.test' }),
      signIn(t().app, { email: 'customer@portal.test' }),
      signIn(t().app, { email: 'csa@portal.test' }),
    ]);
    const member = await kit.account(`${prefix}.member@example.com`, { space: 'Acme Devices' });
    // A provider address: FAEs must have one of the provider's domains.
    const fae = await kit.account(`${prefix}.fae@portal.test`);
    const viewer = await kit.account(`${prefix}.viewer@example.com`, {
      space: 'Acme Devices',
      roles: ['Company Space Viewer' as RoleName],
    });
    const outsider = await kit.account(`${prefix}.outsider@example.com`);
    return { admin, owner, csa, member, fae, viewer, outsider };
  }

  /** A released board that needs no serial number, so a project registers by its name. */
  async function board(
    admin: Tokens,
    name: string,
    extra: Record<string, unknown> = {},
  ): Promise<BoardRecord> {
    return expectOk<BoardRecord>(
      await call('POST', 'boards', admin, {
        name,
        ispn: `${name}-ISPN`,
        releasedForRegistration: true,
        serialnumberRequired: false,
        ...extra,
      }),
      201,
    );
  }

  const saveSteps = (admin: Tokens, boardId: string, steps: unknown[]) =>
    call('PUT', `boards/${boardId}/dip-steps`, admin, { steps });

  async function defineDip(admin: Tokens, boardId: string, steps: DipStepInput[]): Promise<DipSteps> {
    return expectOk<DipSteps>(await saveSteps(admin, boardId, steps));
  }

  /** A project of `owner` on the board, with the member as plain member and the FAE set by the owner. */
  async function project(p: DipPeople, boardName: string, options: { tokens?: Tokens } = {}) {
    const created = await kit.registered(options.tokens ?? p.owner, boardName);
    await t()
      .database.db.insert(projectMembers)
      .values({ projectId: created.id, userId: p.member.id, role: 'member' })
      .onConflictDoNothing();
    expectOk(
      await call('POST', `projects/${created.id}/fae`, options.tokens ?? p.owner, { email: p.fae.email }),
      200,
    );
    return created;
  }

  const dip = (tokens: Tokens, projectId: string) => call('GET', `projects/${projectId}/dip`, tokens);
  const processOf = async (tokens: Tokens, projectId: string) =>
    expectOk<DipProcess>(await dip(tokens, projectId));

  const resolve = (tokens: Tokens, projectId: string, stepId: string, body: Record<string, unknown> = {}) =>
    call('POST', `projects/${projectId}/dip/steps/${stepId}/resolve`, tokens, body);
  const complete = (tokens: Tokens, projectId: string, stepId: string) =>
    call('POST', `projects/${projectId}/dip/steps/${stepId}/complete`, tokens, {});
  const reset = (tokens: Tokens, projectId: string, stepId: string) =>
    call('POST', `projects/${projectId}/dip/reset`, tokens, { stepId });

  /** Uploads raw bytes as the API takes them: application/octet-stream, the name in the query. */
  const upload = (
    tokens: Tokens,
    projectId: string,
    stepId: string,
    name: string,
    body: Buffer | string,
  ): Promise<LightMyRequestResponse> =>
    t().app.inject({
      method: 'POST',
      url: `/api/v1/projects/${projectId}/dip/steps/${stepId}/assets?name=${encodeURIComponent(name)}`,
      headers: { ...bearer(tokens), 'content-type': 'application/octet-stream' },
      payload: typeof body === 'string' ? Buffer.from(body) : body,
    });

  async function uploaded(
    tokens: Tokens,
    projectId: string,
    stepId: string,
    name: string,
    body: Buffer | string,
  ) {
    return expectOk<DipAsset>(await upload(tokens, projectId, stepId, name, body), 201);
  }

  /** What a refused upload must leave: no asset row of the project, no file in the storage. */
  async function expectNothingLeft(projectId: string) {
    const rows = await t().database.db.select().from(dipAssets).where(eq(dipAssets.projectId, projectId));
    expect(rows).toEqual([]);
    expect(await dipFiles(t().filesDir)).toEqual([]);
  }

  /** The mails queued for a notification type, by recipient. */
  async function queuedMails(kind: string) {
    return t()
      .database.db.select({ to: mailQueue.recipient, subject: mailQueue.subject, text: mailQueue.body })
      .from(mailQueue)
      .where(eq(mailQueue.kind, kind));
  }

  return {
    ...kit,
    call,
    expectOk,
    expectError,
    people,
    board,
    saveSteps,
    defineDip,
    project,
    dip,
    processOf,
    resolve,
    complete,
    reset,
    upload,
    uploaded,
    expectNothingLeft,
    queuedMails,
  };
}
