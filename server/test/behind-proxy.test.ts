import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { access } from '../src/auth/access.js';
import { ConfigError, loadConfig } from '../src/config.js';
import type { DatabaseHandle } from '../src/db/client.js';
import { DEMO_PASSWORD } from '../src/db/demo-data.js';
import { ADDRESS_LIMITS } from '../src/oidc/plugin.js';
import { freshDatabase, testConfig } from './support/app.js';
import { AuthorizationFlow, InjectBrowser } from './support/sign-in.js';

const PROXY = '10.0.0.5';
const STRANGER = '198.51.100.7';

// Each case builds an app of its own: well over the default bound with both cores busy.
const WAITS_FOR_A_NEW_APP = { timeout: 120_000 };

let database: DatabaseHandle;
const apps: FastifyInstance[] = [];

beforeAll(async () => {
  database = await freshDatabase({ seeded: true });
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await database?.close();
});

interface LogLine {
  reqId?: string;
  msg: string;
  req?: { url: string; remoteAddress: string; host: string };
}

/** The real app (one database for the file: each case uses client addresses of its own) with its log captured. */
async function appBehind(env: Record<string, string>) {
  const lines: LogLine[] = [];
  const app = await buildApp(testConfig({ LOG_LEVEL: 'info', LOG_SLOW_MS: '600000', ...env }), {
    database,
    inMemory: true,
    logStream: { write: (line) => void lines.push(JSON.parse(line) as LogLine) },
  });
  // What the app takes a request's client to be.
  app.get('/api/v1/test-client', { config: { access: access.public() } }, async (request) => ({
    ip: request.ip,
    protocol: request.protocol,
    host: request.host,
  }));
  await app.ready();
  apps.push(app);
  return { app, lines };
}

/** Wrong passwords (each for another account, so only the address budget fills) until the sign-in refuses. */
async function spendAddressBudget(browser: InjectBrowser, app: FastifyInstance) {
  const flow = new AuthorizationFlow(app, browser);
  const first = await flow.start();
  if (!first.page) throw new Error('expected the login page');
  let page = first.page;
  for (let attempt = 0; attempt < ADDRESS_LIMITS.signInFailures.max; attempt += 1) {
    const step = await flow.submit(page, { email: `nobody-${attempt}@example.com`, password: 'wrong' });
    expect(step.page?.statusCode).toBe(401);
    page = step.page!;
  }
  const refused = await flow.submit(page, { email: 'nobody@example.com', password: 'wrong' });
  expect(refused.page?.statusCode).toBe(429);
}

/** Whether a demo user signing in from `browser` gets through the login form. */
async function signsIn(browser: InjectBrowser, app: FastifyInstance): Promise<number | 'signed in'> {
  const flow = new AuthorizationFlow(app, browser);
  const first = await flow.start();
  if (!first.page) throw new Error('expected the login page');
  const step = await flow.submit(first.page, { email: 'customer@portal.test', password: DEMO_PASSWORD });
  if (step.callback) return 'signed in';
  return step.page.statusCode;
}

const client = (app: FastifyInstance, remoteAddress: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url: '/api/v1/test-client', remoteAddress, headers });

describe('TRUST_PROXY', WAITS_FOR_A_NEW_APP, () => {
  it('takes a hop count or a list of addresses and ranges, and names a bad value', () => {
    expect(loadConfig({}).trustProxy).toBeNull();
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBeNull();
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toEqual({ hops: 2 });
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5, 10.1.0.0/16,loopback' }).trustProxy).toEqual({
      addresses: ['10.0.0.5', '10.1.0.0/16', 'loopback'],
    });
    for (const bad of ['yes', '10.0.0.300', '10.0.0.0/40', '10.0.0.5,,10.0.0.6', '-1']) {
      expect(() => loadConfig({ TRUST_PROXY: bad })).toThrow(ConfigError);
      try {
        loadConfig({ TRUST_PROXY: bad });
      } catch (error) {
        expect((error as ConfigError).problems).toEqual([
          `TRUST_PROXY=${JSON.stringify(bad)}: expected the number of proxies in front (such as 1) or their comma-separated addresses or CIDR ranges (such as 10.0.0.5,10.1.0.0/16)`,
        ]);
      }
    }
  });

  it('unset, believes no forwarded header: the connected address is the client, the request id is new', async () => {
    const { app, lines } = await appBehind({});
    const forged = {
      'x-forwarded-for': '203.0.113.9',
      'x-forwarded-proto': 'https',
      'x-forwarded-host': 'evil.example',
      'x-request-id': 'forged-id',
    };
    const answer = await client(app, PROXY, forged);
    expect(answer.json()).toEqual({ ip: PROXY, protocol: 'http', host: 'localhost:80' });
    expect(answer.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const line = lines.find((l) => l.req?.url === '/api/v1/test-client');
    expect(line).toMatchObject({ reqId: answer.headers['x-request-id'], req: { remoteAddress: PROXY } });
  });

  it('unset, as before: behind a proxy every client shares its address, so one locks out the others', async () => {
    const { app } = await appBehind({});
    const proxied = (clientAddress: string) =>
      new InjectBrowser(app, undefined, '10.0.0.6', { 'x-forwarded-for': clientAddress });
    await spendAddressBudget(proxied('203.0.113.1'), app);
    expect(await signsIn(proxied('203.0.113.2'), app)).toBe(429);
  });

  it("through a trusted proxy, one client's wrong passwords never lock out another client", async () => {
    const { app, lines } = await appBehind({ TRUST_PROXY: PROXY });
    const proxied = (clientAddress: string) =>
      new InjectBrowser(app, undefined, PROXY, { 'x-forwarded-for': clientAddress });
    await spendAddressBudget(proxied('203.0.113.11'), app);
    expect(await signsIn(proxied('203.0.113.12'), app)).toBe('signed in');
    // The locked-out client stays locked out, whichever proxy hop it claims to be behind.
    expect(await signsIn(proxied('192.0.2.1, 203.0.113.11'), app)).toBe(429);
    // The request log names the client, not the proxy.
    const login = lines.filter((l) => l.req?.url.endsWith('/login'));
    expect(login.length).toBeGreaterThan(0);
    expect(new Set(login.map((l) => l.req!.remoteAddress))).toEqual(
      new Set(['203.0.113.11', '203.0.113.12']),
    );
  });

  it('through a trusted proxy, believes its client address, scheme, host and request id', async () => {
    const { app, lines } = await appBehind({ TRUST_PROXY: '10.0.0.0/24' });
    const answer = await client(app, PROXY, {
      'x-forwarded-for': '203.0.113.20',
      'x-forwarded-proto': 'https',
      'x-forwarded-host': 'portal.example.com',
      'x-request-id': 'edge-4711',
    });
    expect(answer.json()).toEqual({ ip: '203.0.113.20', protocol: 'https', host: 'portal.example.com' });
    expect(answer.headers['x-request-id']).toBe('edge-4711');
    expect(lines.find((l) => l.reqId === 'edge-4711')?.req).toMatchObject({
      remoteAddress: '203.0.113.20',
      host: 'portal.example.com',
    });
    // The embedded provider sees the same: behind TLS at the proxy its cookies are Secure.
    const authorize = await app.inject({
      method: 'GET',
      url: '/oidc/auth?client_id=portal&response_type=code&scope=openid&redirect_uri=http%3A%2F%2Flocalhost%3A8080%2Fauth%2Fcallback&code_challenge=E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM&code_challenge_method=S256',
      remoteAddress: PROXY,
      headers: { host: 'localhost:8080', 'x-forwarded-proto': 'https' },
    });
    expect(authorize.statusCode).toBe(303);
    expect(String(authorize.headers['set-cookie'])).toMatch(/;\s*secure/i);
  });

  it('from an untrusted address, a forged X-Forwarded-For (or -Proto, -Host, X-Request-Id) changes nothing', async () => {
    const { app } = await appBehind({ TRUST_PROXY: PROXY });
    const forged = {
      'x-forwarded-for': '203.0.113.30',
      'x-forwarded-proto': 'https',
      'x-forwarded-host': 'evil.example',
      'x-request-id': 'forged-id',
    };
    const answer = await client(app, STRANGER, forged);
    expect(answer.json()).toEqual({ ip: STRANGER, protocol: 'http', host: 'localhost:80' });
    expect(answer.headers['x-request-id']).not.toBe('forged-id');
    const authorize = await app.inject({
      method: 'GET',
      url: '/oidc/auth?client_id=portal&response_type=code&scope=openid&redirect_uri=http%3A%2F%2Flocalhost%3A8080%2Fauth%2Fcallback&code_challenge=E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM&code_challenge_method=S256',
      remoteAddress: STRANGER,
      headers: { host: 'localhost:8080', 'x-forwarded-proto': 'https' },
    });
    expect(authorize.statusCode).toBe(303);
    expect(String(authorize.headers['set-cookie'])).not.toMatch(/;\s*secure/i);

    // Wrong passwords claiming one client, then a sign-in claiming another: both are the stranger's own address.
    const claiming = (clientAddress: string) =>
      new InjectBrowser(app, undefined, STRANGER, { 'x-forwarded-for': clientAddress });
    await spendAddressBudget(claiming('203.0.113.31'), app);
    expect(await signsIn(claiming('203.0.113.32'), app)).toBe(429);
  });
});
