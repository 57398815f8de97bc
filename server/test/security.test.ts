import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '@portal/resources';
import { eq } from 'drizzle-orm';
import { rateLimitHits } from '../src/db/schema-rate-limits.js';
import { storedKey } from '../src/transport/rate-limit-store.js';
import { identityStore } from '../src/oidc/identity-store.js';
import { inlineScriptHashes } from '../src/static-apps.js';
import { startTestApp, type TestApp } from './support/app.js';
import { AuthorizationFlow, InjectBrowser, bearer, signIn, type Tokens } from './support/sign-in.js';

let t: TestApp;
let admin: Tokens;
beforeAll(async () => {
  t = await startTestApp();
  admin = await signIn(t.app, { email: 'admin@portal.test' });
});
afterAll(() => t?.close());

describe('security headers', () => {
  it.each(['/welcome', '/admin', '/api/v1/config'])(
    'are set on %s, with a CSP that allows no inline script',
    async (url) => {
      const response = await t.app.inject({ method: 'GET', url });
      const csp = String(response.headers['content-security-policy']);
      const scriptSrc = /script-src ([^;]+)/.exec(csp)?.[1] ?? '';
      // Besides the app's own files, only the page's own inline scripts (the legacy build's loader), by hash; the
      // data of a rendered page is not script (`application/json`, `application/ld+json`) and needs none.
      const executable =
        /<script\b(?![^>]*\ssrc=)(?![^>]*\stype="application\/(?:ld\+)?json")[^>]*>([^<]+)<\/script>/g;
      const inline = [...response.body.matchAll(executable)].map(
        (match) => `'sha256-${createHash('sha256').update(match[1]!).digest('base64')}'`,
      );
      expect(scriptSrc).toBe(["'self'", "'wasm-unsafe-eval'", ...new Set(inline)].join(' '));
      expect(scriptSrc).not.toContain('unsafe-inline');
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBeDefined();
    },
  );

  it('admit by hash exactly the inline scripts of a page, and no other', () => {
    const hash = (code: string) => `'sha256-${createHash('sha256').update(code).digest('base64')}'`;
    const html =
      '<script type="module">a()</script><script src="/x.js"></script><script nomodule id="e" data-src="/y.js">b()</script><script></script><script type="module">a()</script>';
    expect(inlineScriptHashes(html)).toEqual([hash('a()'), hash('b()')]);
  });

  it('keep API answers out of caches', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/config' });
    expect(response.headers['cache-control']).toBe('no-cache, no-store');
  });
});

describe('CSRF double-submit', () => {
  const grant = (headers: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/users/roles',
      headers: { ...bearer(admin), ...headers },
      payload: { role: 'Support', user: 'internal@portal.test' },
    });

  const tokenCookie = (response: { cookies: { name: string; value: string; httpOnly?: boolean }[] }) =>
    response.cookies.find((c) => c.name === 'XSRF-TOKEN');
  const PAGE_LOAD = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8', 'sec-fetch-mode': 'navigate' };

  it('hands a browser a token cookie on its first page load, and only while it has none', async () => {
    // A page of the signed-in part (the app shell); a public rendered page carries none (page-cache.test).
    const response = await t.app.inject({ method: 'GET', url: '/my/projects', headers: PAGE_LOAD });
    const cookie = tokenCookie(response);
    expect(cookie?.value).toMatch(/^[\w-]{20,}$/);
    expect(cookie?.httpOnly).toBeFalsy();
    // A page opened without Sec-Fetch headers (an older browser) is a browser too.
    const older = await t.app.inject({ method: 'GET', url: '/admin', headers: { accept: 'text/html' } });
    expect(tokenCookie(older)).toBeDefined();

    const again = await t.app.inject({
      method: 'GET',
      url: '/my/projects',
      headers: { ...PAGE_LOAD, cookie: `XSRF-TOKEN=${cookie!.value}` },
    });
    expect(again.headers['set-cookie']).toBeUndefined();
    // A browser's API call carrying other cookies but not the token gets one.
    const apiCall = await t.app.inject({
      method: 'GET',
      url: '/api/v1/users/me',
      headers: { ...bearer(admin), cookie: 'other=1' },
    });
    expect(tokenCookie(apiCall)).toBeDefined();
  });

  it('sets no cookie on a bearer-only API call', async () => {
    for (const request of [
      { method: 'GET' as const, url: '/api/v1/users/me' },
      { method: 'GET' as const, url: '/api/v1/catalogue' },
      {
        method: 'POST' as const,
        url: '/api/v1/users/roles',
        payload: { role: 'Support', user: 'nobody@portal.test' },
      },
    ]) {
      const response = await t.app.inject({
        ...request,
        headers: { ...bearer(admin), accept: 'application/json' },
      });
      expect(response.statusCode, response.body).toBeLessThan(500);
      expect(response.headers['set-cookie'], request.url).toBeUndefined();
    }
  });

  it("needs the token it handed out on a browser session's state-changing call", async () => {
    const page = await t.app.inject({ method: 'GET', url: '/my/projects', headers: PAGE_LOAD });
    const token = tokenCookie(page)!.value;
    const session = { cookie: `XSRF-TOKEN=${token}` };
    expect((await grant(session)).statusCode).toBe(403);
    expect((await grant({ ...session, 'x-xsrf-token': token })).statusCode).toBe(200);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/users/roles',
      headers: { ...bearer(admin), ...session, 'x-xsrf-token': token },
      payload: { role: 'Support', user: 'internal@portal.test' },
    });
    expect(removed.statusCode).toBe(200);
  });

  it('refuses a state-changing call that carries cookies but not the token, and changes nothing', async () => {
    const refused = await grant({ cookie: 'XSRF-TOKEN=abc123abc123abc123abc123' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json<ErrorBody>().errors[0]!.messages[0]).toContain('CSRF');
    const wrong = await grant({
      cookie: 'XSRF-TOKEN=abc123abc123abc123abc123',
      'x-xsrf-token': 'something-else-entirely',
    });
    expect(wrong.statusCode).toBe(403);
    const roles = await t.app.inject({
      method: 'GET',
      url: '/api/v1/users/roles?role=Support',
      headers: bearer(admin),
    });
    expect(roles.json()).toEqual([]);
  });

  it('lets the call through when the header echoes the cookie, or when no cookie is sent (scripts)', async () => {
    const echoed = await grant({
      cookie: 'XSRF-TOKEN=abc123abc123abc123abc123',
      'x-xsrf-token': 'abc123abc123abc123abc123',
    });
    expect(echoed.statusCode).toBe(200);
    const script = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/users/roles',
      headers: bearer(admin),
      payload: { role: 'Support', user: 'internal@portal.test' },
    });
    expect(script.statusCode).toBe(200);
  });
});

describe('rate limits on sign-in', () => {
  it('answer 429 after ten wrong passwords for one account from one address', async () => {
    const flow = new AuthorizationFlow(t.app, new InjectBrowser(t.app));
    const first = await flow.start();
    let page = first.page!;
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt += 1) {
      const step = await flow.submit(page, { email: 'promoted@portal.test', password: `wrong-${attempt}` });
      statuses.push(step.page!.statusCode);
      if (step.page!.statusCode === 401) page = step.page!;
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
    const last = await flow.submit(page, { email: 'promoted@portal.test', password: 'demo1234' });
    expect(last.page?.body).toContain('Too many attempts');
    // Other accounts are not locked out by it.
    await expect(signIn(t.app, { email: 'internal@portal.test' })).resolves.toBeDefined();
  });

  it('answer 429 after thirty failures from one address over many accounts, never for its successes', async () => {
    const address = '192.0.2.30';
    const flow = new AuthorizationFlow(t.app, new InjectBrowser(t.app, undefined, address));
    let page = (await flow.start()).page!;
    const accounts = ['a', 'b', 'c', 'd'].map((name) => `spray-${name}@example.com`);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 30; attempt += 1) {
      // Eight or fewer per account: the per-account limit (ten) never trips, only the address's does.
      const step = await flow.submit(page, { email: accounts[attempt % 4]!, password: `spray-${attempt}` });
      statuses.push(step.page!.statusCode);
      page = step.page!;
      if (attempt % 10 === 0) {
        // A success from the same address in between is not held up and does not count.
        const other = new AuthorizationFlow(t.app, new InjectBrowser(t.app, undefined, address));
        const done = await other.submit((await other.start()).page!, {
          email: 'customer@portal.test',
          password: 'demo1234',
        });
        expect(done.callback).toBeDefined();
      }
    }
    expect(statuses.every((status) => status === 401)).toBe(true);
    const refused = await flow.submit(page, { email: 'customer@portal.test', password: 'demo1234' });
    expect(refused.page?.statusCode).toBe(429);
    expect(Number(refused.page?.headers['retry-after'])).toBeGreaterThan(60);
    expect(refused.page?.body).toContain('Too many attempts');
    // Another address is not held up by it.
    const elsewhere = new AuthorizationFlow(t.app, new InjectBrowser(t.app, undefined, '192.0.2.31'));
    const done = await elsewhere.submit((await elsewhere.start()).page!, {
      email: 'customer@portal.test',
      password: 'demo1234',
    });
    expect(done.callback).toBeDefined();
    // Counted in the shared database store, so every instance sees the same count.
    const [row] = await t.database.db
      .select({ count: rateLimitHits.count })
      .from(rateLimitHits)
      .where(eq(rateLimitHits.key, storedKey('sign-in-failures-address', address)));
    expect(row?.count).toBe(30);
  });

  it('counts failures only: signing in again and again is never refused', async () => {
    for (let round = 0; round < 12; round += 1) {
      await expect(signIn(t.app, { email: 'csa@portal.test' })).resolves.toBeDefined();
    }
  });
});

describe('rate limits on sign-up', () => {
  const form = (email: string) => ({
    email,
    password: 'a-long-password',
    givenName: 'Mass',
    familyName: 'Signup',
    company: 'Spam Ltd',
    country: 'DE',
  });
  const signUp = async (address: string, email: string) => {
    const flow = new AuthorizationFlow(t.app, new InjectBrowser(t.app, undefined, address), {
      prompt: 'create',
    });
    return (await flow.submit((await flow.start()).page!, form(email))).page!;
  };

  it('answer 429 after ten sign-ups from one address in ten minutes, taken emails included', async () => {
    const address = '198.51.100.10';
    for (let n = 0; n < 10; n += 1) {
      const email = n === 3 ? 'admin@portal.test' : `mass-${n}@example.com`;
      expect((await signUp(address, email)).statusCode).toBe(200);
    }
    const refused = await signUp(address, 'mass-10@example.com');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(60);
    expect(await identityStore(t.database.db).findByEmail('mass-10@example.com')).toBeUndefined();
    expect((await signUp('198.51.100.11', 'mass-10@example.com')).statusCode).toBe(200);
  });
});
