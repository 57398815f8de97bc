import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOOL_ICON_MAX_BYTES } from '@portal/resources';
import { demoIconPng } from '../src/db/demo-tool-icons.js';
import { startTestApp, type TestApp } from './support/app.js';
import { bearer, signIn, type Tokens } from './support/sign-in.js';

/** Issue 45: a tool's icon, checked by the one rule, stored by its content, served for good. */
let t: TestApp;
let admin: Tokens;
let customer: Tokens;
let toolId: string;

beforeAll(async () => {
  t = await startTestApp();
  [admin, customer] = await Promise.all([
    signIn(t.app, { email: 'admin@portal.test' }),
    signIn(t.app, { email: 'customer@portal.test' }),
  ]);
  const tools = await t.app.inject({ url: '/api/v1/software', headers: bearer(admin) });
  toolId = tools.json<{ id: string }[]>()[0]!.id;
});
afterAll(() => t?.close());

const put = (tokens: Tokens, body: Buffer, type = 'image/png') =>
  t.app.inject({
    method: 'PUT',
    url: `/api/v1/software/${toolId}/icon`,
    headers: { ...bearer(tokens), 'content-type': type },
    payload: body,
  });

describe('tool icons', () => {
  it('stores an icon under its hash, names it on the tool and serves it with a year-long immutable cache', async () => {
    const bytes = demoIconPng(4);
    const answer = await put(admin, bytes);
    expect(answer.statusCode, answer.body).toBe(200);
    const icon = answer.json<{ icon: string }>().icon;
    expect(icon).toMatch(/^tool-icons\/[0-9a-f]{64}\.png$/);
    // Public, as the catalogue that shows it.
    const served = await t.app.inject({ url: `/api/v1/${icon}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(bytes)).toBe(true);
    // An image loaded by a page carries the page's cookies: a shared cache must not keep a session's token cookie.
    const fromPage = await t.app.inject({ url: `/api/v1/${icon}`, headers: { cookie: 'other=1' } });
    expect(fromPage.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(fromPage.headers['set-cookie']).toBeUndefined();
    // The demo tools' icons are stored the same way.
    const tools = await t.app.inject({ url: '/api/v1/software', headers: bearer(admin) });
    const demoIcon = tools
      .json<{ icon: string | null }[]>()
      .find((tool) => tool.icon && tool.icon !== icon)!.icon;
    expect((await t.app.inject({ url: `/api/v1/${demoIcon}` })).statusCode).toBe(200);
  });

  it('refuses what is no allowed image, an image sent as another type, one too big, and a customer', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect((await put(admin, svg)).json()).toMatchObject({ errors: [{ errorCode: 'wrong_file_type' }] });
    expect((await put(admin, demoIconPng(1), 'image/jpeg')).statusCode).toBe(400);
    const big = Buffer.concat([demoIconPng(1), Buffer.alloc(TOOL_ICON_MAX_BYTES)]);
    expect((await put(admin, big)).statusCode).toBe(413);
    expect((await put(customer, demoIconPng(1))).statusCode).toBe(403);
    // Only content-addressed names are served; a missing one is 404 without the long cache.
    expect((await t.app.inject({ url: '/api/v1/tool-icons/..%2f..%2fetc%2fpasswd' })).statusCode).toBe(400);
    const missing = await t.app.inject({ url: `/api/v1/tool-icons/${'0'.repeat(64)}.png` });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['cache-control']).not.toContain('immutable');
  });
});
