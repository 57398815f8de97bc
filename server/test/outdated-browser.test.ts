import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './support/app.js';

const IE11 = 'Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko';
const IE10 = 'Mozilla/5.0 (compatible; MSIE 10.0; Windows NT 6.2; Trident/6.0)';
const CHROME_80 =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/80.0.3987.0 Safari/537.36';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const get = (url: string, userAgent: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url, headers: { 'user-agent': userAgent, ...(cookie ? { cookie } : {}) } });

describe('Internet Explorer (spec product §2.5), decided by the server before any app script runs', () => {
  it.each([IE11, IE10])(
    'sends %s from any page of the portal to /browser-outdated, keeping where it was going',
    async (ua) => {
      const response = await get('/documents?q=1', ua);
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe('/browser-outdated?redirectTo=%2Fdocuments%3Fq%3D1');
    },
  );

  it('shows it a plain HTML page: no module script, no inline script, its one script same-origin ES5', async () => {
    const response = await get('/browser-outdated?redirectTo=%2Fwelcome', IE11);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('<h1>Your browser is out of date</h1>');
    expect(response.body).toContain('Continue anyway');
    expect([...response.body.matchAll(/<script\b[^>]*>/g)].map((m) => m[0])).toEqual([
      '<script src="/outdated-browser.js">',
    ]);
    const scriptSrc = /script-src ([^;]+)/.exec(String(response.headers['content-security-policy']))?.[1];
    expect(scriptSrc).toBe("'self' 'wasm-unsafe-eval'");
  });

  it('lets it through for the session once the visitor chose to continue', async () => {
    const response = await get('/documents?q=1', IE11, 'useOutdatedBrowser=true');
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('Your browser is out of date');
    expect((await get('/documents', IE11, 'useOutdatedBrowser=false')).statusCode).toBe(302);
  });

  it('leaves every other browser, the API and the admin console alone', async () => {
    expect((await get('/documents?q=1', CHROME_80)).statusCode).toBe(200);
    expect((await get('/browser-outdated', CHROME_80)).body).not.toContain(
      '<h1>Your browser is out of date</h1>',
    );
    expect((await get('/api/v1/config', IE11)).statusCode).toBe(200);
    expect((await get('/admin/boards', IE11)).statusCode).toBe(200);
  });
});
