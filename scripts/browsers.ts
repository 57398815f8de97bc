import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * The supported browsers (spec product §2.5): the `browserslist` of the root package.json, the one list both
 * Vite builds, their polyfills and the syntax check of `pnpm test` read. Browserslist has no data of its own for
 * Android 5–6 (their browser versions follow Chrome's), so the list names the last Android Browser it knows,
 * 4.4.3, which lacks everything Android 6's browser lacks.
 */
export const SUPPORTED_BROWSERS: string[] = (
  JSON.parse(fs.readFileSync(fileURLToPath(new URL('../package.json', import.meta.url)), 'utf8')) as {
    browserslist: string[];
  }
).browserslist;

// Vite's modern build is ES modules with dynamic import and import.meta; the browsers of the list that have
// them load it, and the others (no module scripts: iOS 9–10, Android 6) load the legacy build.
const LIST = SUPPORTED_BROWSERS.join(', ');
export const MODERN_BROWSERS = `${LIST} and supports es6-module-dynamic-import`;
export const LEGACY_BROWSERS = `${LIST} and not supports es6-module-dynamic-import`;

/** The options of `@vitejs/plugin-legacy` both apps build with: the modern and the legacy targets and polyfills. */
export const BROWSER_BUILDS: { targets: string; modernTargets: string; additionalModernPolyfills: string[] } =
  {
    targets: LEGACY_BROWSERS,
    modernTargets: MODERN_BROWSERS,
    // Not detected per use (`modernPolyfills: true`): core-js then adds 50 KB gzip of conformance fixes (Promise,
    // URL, iterator helpers) that these browsers run the apps without. The legacy build's polyfills are detected.
    additionalModernPolyfills: [fileURLToPath(new URL('./modern-polyfills.js', import.meta.url))],
  };
