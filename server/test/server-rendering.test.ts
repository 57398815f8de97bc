import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { SoftwareRecord } from '@portal/resources';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENTRY_SCRIPT } from '../src/ssr/paint-first.js';
import { inlineScriptHashes } from '../src/static-apps.js';
import { apiCaller } from './support/api-call.js';
import { softwareFormOf } from './support/software-form.js';
import { startTestApp, type TestApp } from './support/app.js';
import { bearer, signIn, type Tokens } from './support/sign-in.js';

// Issue 48: the public pages as the server renders them, from the customer app's build (made here when missing).
const root = path.resolve(import.meta.dirname, '..', '..');
const entry = path.join(root, 'customer-app', 'dist', '.server', 'entry-server.js');

let t: TestApp;
let admin: Tokens;
let internal: Tokens;
const call = apiCaller(() => t.app);

beforeAll(async () => {
  if (!fs.existsSync(entry) || !fs.existsSync(path.join(root, 'customer-app', 'dist', 'index.html'))) {
    execFileSync(path.join(root, 'customer-app', 'node_modules', '.bin', 'vite'), ['build'], {
      cwd: path.join(root, 'customer-app'),
      stdio: 'ignore',
    });
  }
  t = await startTestApp({ STATIC_DIR: root });
  [admin, internal] = await Promise.all([
    signIn(t.app, { email: 'admin@portal.test' }),
    signIn(t.app, { email: 'internal@portal.test' }),
  ]);
}, 600_000);
afterAll(() => t?.close());

const page = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });

/** The admin's tool record, written back with `changes`. */
async function editTool(featureId: string, changes: Partial<SoftwareRecord>): Promise<void> {
  const filter = encodeURIComponent(JSON.stringify({ q: featureId }));
  const list = await call('GET', `/software?filter=${filter}`, admin, undefined, { range: 'software=0-99' });
  const record = list.json<SoftwareRecord[]>().find((row) => row.featureId === featureId)!;
  const saved = await call('PUT', `/software/${record.id}`, admin, { ...softwareFormOf(record), ...changes });
  expect(saved.statusCode, saved.body).toBe(200);
}

const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1]!) as Record<string, unknown>,
  );
const serverData = (html: string) =>
  /<script type="application\/json" id="portal-server-data">([\s\S]*?)<\/script>/.exec(html)?.[1];

describe('a tool page', () => {
  it('arrives as HTML with its name, head tags and hydration data', async () => {
    const response = await page('/assets/nx-flash-programmer');
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(html).toContain('<title>NX Flash Programmer | Developer Portal</title>');
    expect(html).toMatch(/<h1[^>]*>NX Flash Programmer<\/h1>/);
    expect(html).toContain(`<link rel="canonical" href="${t.config.publicUrl}/assets/nx-flash-programmer"/>`);
    expect(html).toContain('<meta property="og:title" content="NX Flash Programmer"/>');
    expect(html.match(/<meta name="description"/g)).toHaveLength(1);
    expect(html).not.toContain('Loading the Developer Portal');
    const [software] = jsonLd(html);
    expect(software).toMatchObject({ '@type': 'SoftwareApplication', name: 'NX Flash Programmer' });
    expect(software).toHaveProperty('softwareVersion');
    expect(software).toHaveProperty('operatingSystem');
    expect(software).toHaveProperty('downloadUrl');
    expect(serverData(html)).toBeDefined();
  });

  it('names the /assets address as canonical when opened by its /tools alias', async () => {
    const response = await page('/tools/nx-flash-programmer');
    expect(response.body).toContain(
      `<link rel="canonical" href="${t.config.publicUrl}/assets/nx-flash-programmer"/>`,
    );
  });

  it('answers 404 with the not-found page for an unknown tool, bundle or document', async () => {
    for (const url of [
      '/assets/no-such-tool',
      '/software-bundles/no-such-bundle',
      '/document/no-such-document',
    ]) {
      const response = await page(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.body).toContain('<title>Page not found | Developer Portal</title>');
      // The browser renders it afresh: a signed-in caller's own answer may differ.
      expect(serverData(response.body)).toBeUndefined();
    }
  });
});

describe('a bundle page', () => {
  it('sends a bundle opened by its catalogue key on to its UUID address', async () => {
    const response = await page('/software-bundles/BND-MOTOR-STARTER');
    expect(response.statusCode).toBe(301);
    expect(response.headers['cache-control']).toBe('no-cache');
    const location = String(response.headers.location);
    expect(location).toMatch(/\/software-bundles\/[0-9a-f-]{36}$/);
    const bundle = await page(location);
    expect(bundle.statusCode).toBe(200);
    expect(bundle.body).toContain('<title>Motor Control Starter Bundle | Developer Portal</title>');
    expect(jsonLd(bundle.body)[0]).toMatchObject({ '@type': 'SoftwareApplication' });
  });
});

describe('a document page', () => {
  it('describes the document as a TechArticle', async () => {
    const response = await page('/document/doc-nx240-datasheet');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<title>NX240 Datasheet | Developer Portal</title>');
    expect(jsonLd(response.body)[0]).toMatchObject({ '@type': 'TechArticle', headline: 'NX240 Datasheet' });
  });
});

describe('the catalogue and the welcome page', () => {
  it.each([
    ['/welcome', 'Welcome'],
    ['/assets?q=flash&sort=name', 'Software and tools'],
    ['/assets/software', 'Software'],
    ['/documents', 'Documents'],
  ])('%s arrives rendered', async (url, title) => {
    const response = await page(url);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(`<title>${title} | Developer Portal</title>`);
    expect(response.body).toContain('<meta property="og:url"');
    expect(serverData(response.body)).toBeDefined();
  });

  it('lists what the search asks for', async () => {
    const response = await page('/assets?q=flash');
    expect(response.body).toContain('NX Flash Programmer');
    expect(response.body).not.toContain('Sensor Fusion Studio');
  });

  it.each(['/my/projects', '/assets/software-bundles', '/cart'])(
    'leaves %s to the app shell',
    async (url) => {
      const response = await page(url);
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('Loading the Developer Portal');
      expect(serverData(response.body)).toBeUndefined();
    },
  );
});

describe('an internal-use-only tool', () => {
  beforeAll(() => editTool('secureboot-signer', { internalOnly: true }));

  it.each([
    ['the anonymous visitor', () => ({})],
    ['a signed-in internal user', () => bearer(internal)],
    ['an internal user with a cookie', () => ({ cookie: 'useOutdatedBrowser=false' })],
  ])('is never rendered on the server, for %s: the app shell answers', async (_who, headers) => {
    const response = await page('/assets/secureboot-signer', headers());
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('SecureBoot Signing Tool');
    expect(serverData(response.body)).toBeUndefined();
    expect(response.headers['cache-control']).toBe('no-cache');
  });
});

describe('the first paint', () => {
  const builtEntry = () =>
    ENTRY_SCRIPT.exec(fs.readFileSync(path.join(root, 'customer-app', 'dist', 'index.html'), 'utf8'))![1]!;

  it.each(['/welcome', '/assets/nx-flash-programmer'])(
    'comes before the scripts on %s: the entry loads after a frame, with no module preloaded',
    async (url) => {
      const html = (await page(url)).body;
      expect(html).not.toMatch(ENTRY_SCRIPT);
      expect(html).not.toContain('rel="modulepreload"');
      const loaders = [
        ...html.matchAll(/<script type="module">([^<]*import\("\/assets\/[^<]*)<\/script>/g),
      ].map((match) => match[1]!);
      expect(loaders).toHaveLength(1);
      expect(loaders[0]).toContain(`import(${JSON.stringify(builtEntry())})`);
      expect(loaders[0]).toContain('requestAnimationFrame');
      expect((await t.app.inject({ method: 'GET', url: builtEntry() })).statusCode).toBe(200);
    },
  );

  it('leaves the app shell as built: nothing there to paint before the scripts', async () => {
    const html = (await page('/my/projects')).body;
    expect(ENTRY_SCRIPT.exec(html)?.[1]).toBe(builtEntry());
    expect(html).toContain('rel="modulepreload"');
  });
});

describe('the page and its security', () => {
  it('keeps the strict CSP: no unsafe-inline script, every inline executable script hashed', async () => {
    const response = await page('/assets/nx-flash-programmer');
    const csp = String(response.headers['content-security-policy']);
    const scriptSrc = /(?:^|;)script-src ([^;]*)/.exec(csp)?.[1] ?? '';
    expect(scriptSrc).not.toContain('unsafe-inline');
    const executable = response.body.replace(
      /<script type="application\/(?:ld\+)?json"[^>]*>[\s\S]*?<\/script>/g,
      '',
    );
    for (const hash of inlineScriptHashes(executable)) expect(scriptSrc).toContain(hash);
  });

  it('escapes a catalogue text that would close the data script', async () => {
    const attack = 'Flash it </script><script>alert(1)</script> <!-- now';
    await editTool('nx-flash-programmer', { description: attack });
    const html = (await page('/assets/nx-flash-programmer')).body;
    expect(html).not.toContain('<script>alert(1)');
    const data = serverData(html)!;
    expect(data).not.toContain('<');
    expect(JSON.stringify(JSON.parse(data))).toContain(attack);
  });
});
