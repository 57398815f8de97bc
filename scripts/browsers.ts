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

// Vite's modern build is what plugin-legacy's detector lets run: ES modules with dynamic import, import.meta and
// async generators. Safari before 12 (iOS 11) has modules but no async generators, so it runs the legacy build;
// leaving it out of the modern targets keeps object spread and friends out of the helpers every modern chunk
// would otherwise carry. The legacy build is compiled for the whole list: its oldest members (iOS 9, Android 6)
// decide its syntax and polyfills, so it covers every browser the detector sends to it (browserslist has no
// grouping to say "the list but not the modern ones" when that is two conditions).
const LIST = SUPPORTED_BROWSERS.join(', ');
export const MODERN_BROWSERS = `${LIST} and supports es6-module-dynamic-import and not ios_saf < 12 and not safari < 12`;
export const LEGACY_BROWSERS = LIST;

const FLEX_GAP = fileURLToPath(new URL('./flex-gap.js', import.meta.url));

/** The options of `@vitejs/plugin-legacy` both apps build with: the modern and the legacy targets and polyfills. */
export const BROWSER_BUILDS: {
  targets: string;
  modernTargets: string;
  additionalModernPolyfills: string[];
  additionalLegacyPolyfills: string[];
} = {
  targets: LEGACY_BROWSERS,
  modernTargets: MODERN_BROWSERS,
  // Not detected per use (`modernPolyfills: true`): core-js then adds 50 KB gzip of conformance fixes (Promise,
  // URL, iterator helpers) that these browsers run the apps without. The legacy build's polyfills are detected.
  // The flex-gap check runs in both builds' polyfill chunks, before the app, so no page shows unspaced first.
  additionalModernPolyfills: [fileURLToPath(new URL('./modern-polyfills.js', import.meta.url)), FLEX_GAP],
  additionalLegacyPolyfills: [FLEX_GAP],
};
