import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * The supported browsers (spec product §2.5): the root package.json's `browserslist`, the one list the builds,
 * their polyfills and the syntax check read (why it names Android 4.4.3: docs/browsers.md).
 */
export const SUPPORTED_BROWSERS: string[] = (
  JSON.parse(fs.readFileSync(fileURLToPath(new URL('../package.json', import.meta.url)), 'utf8')) as {
    browserslist: string[];
  }
).browserslist;

// Safari before 12 runs the legacy build (plugin-legacy's detector wants async generators), so leaving it out of
// the modern targets keeps object-spread helpers out of every modern chunk. The legacy build targets the whole list.
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
  // Not detected per use (`modernPolyfills: true`): core-js then adds conformance fixes (Promise, URL, iterator
  // helpers) these browsers run the apps without (docs/browsers.md). The legacy build's polyfills are detected.
  // The flex-gap check runs in both builds' polyfill chunks, before the app, so no page shows unspaced first.
  additionalModernPolyfills: [fileURLToPath(new URL('./modern-polyfills.js', import.meta.url)), FLEX_GAP],
  additionalLegacyPolyfills: [FLEX_GAP],
};
