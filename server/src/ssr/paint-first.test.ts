import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inlineScriptHashes } from '../static-apps.js';
import { paintFirst } from './paint-first.js';

const LEGACY_DETECTION = 'window.__vite_is_modern_browser=true';
const LEGACY_DETECTION_HASH = `'sha256-${createHash('sha256').update(LEGACY_DETECTION).digest('base64')}'`;

const built = (head: string) => {
  const html = `<!doctype html><html><head>${head}</head><body><div id="root"></div></body></html>`;
  return { html, scriptHashes: inlineScriptHashes(html) };
};

describe('paintFirst', () => {
  it('moves the entry behind a frame, drops its preloads and hashes the loader for the CSP', () => {
    const shell = paintFirst(
      built(
        '<script type="module" crossorigin src="/assets/polyfills-a1.js"></script>' +
          '<script type="module" crossorigin src="/assets/index-B2_c.js"></script>' +
          `<script type="module">${LEGACY_DETECTION}</script>` +
          '<link rel="modulepreload" crossorigin href="/assets/react-c3.js">',
      ),
    )!;
    expect(shell.html).toContain('<script type="module" crossorigin src="/assets/polyfills-a1.js"></script>');
    expect(shell.html).not.toContain('src="/assets/index-B2_c.js"');
    expect(shell.html).not.toContain('modulepreload');
    expect(shell.html).toContain('import("/assets/index-B2_c.js")');
    const loader = /<script type="module">([^<]*)<\/script>/.exec(shell.html)![1]!;
    const loaderHash = `'sha256-${createHash('sha256').update(loader).digest('base64')}'`;
    // The build's own inline scripts (plugin-legacy's detection) keep their hashes beside the loader's.
    expect(shell.scriptHashes).toEqual([loaderHash, LEGACY_DETECTION_HASH]);
  });

  it('gives nothing for an index without an entry of that shape: the page keeps the index as built', () => {
    expect(paintFirst(built('<script type="module" src="/src/main.tsx"></script>'))).toBeNull();
  });
});
