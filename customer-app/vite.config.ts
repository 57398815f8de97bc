import legacy from '@vitejs/plugin-legacy';
import react from '@vitejs/plugin-react';
import { build, defineConfig, type Plugin } from 'vite';
import { BROWSER_BUILDS } from '../scripts/browsers';
import { legacyKeptEs5, MINIFY } from '../scripts/minify';
import { designTokens } from './build/design-tokens';
import { pureDeclarations } from './build/pure-declarations';

const serverUrl = process.env.PORTAL_SERVER_URL ?? 'http://localhost:8080';
const adminDevUrl = process.env.ADMIN_DEV_URL ?? 'http://localhost:5174';

// In development the portal, the API and the admin console share this origin, as in production:
// the API and identity provider through the server, /admin through the admin app's dev server.
const proxy = {
  '/api': serverUrl,
  '/oidc': serverUrl,
  '/maintenance': serverUrl,
  '/healthz': serverUrl,
  '/admin': { target: adminDevUrl, ws: true },
};

/** `@portal/resources` is declarations only (rules, texts, schemas): a page keeps what it uses of it. */
const isResources = (id: string) => id.includes('/resources/src/');

/**
 * TanStack Query's modules that every page with data loads (issue 20): one chunk instead of seven small ones, each
 * of which costs its own gzip frame and import lines. Mutations and infinite queries stay with the parts using them.
 */
const QUERY_MODULES =
  /[\\/]node_modules[\\/]@tanstack[\\/](query-core|react-query)[\\/](?!.*(mutationObserver|useMutation|infiniteQueryObserver|useInfiniteQuery|hydration|useQueries|queriesObserver|streamedQuery|HydrationBoundary|useSuspense|usePrefetch|useIsFetching|useMutationState))/;

const REACT_PACKAGES =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|cookie|set-cookie-parser)[\\/]/;

/**
 * Rolldown's runtime and the helpers Oxc writes for syntax the modern targets lack (private class members): every
 * chunk may use them and they import nothing, so they go with React, which every page loads first. Left alone, the
 * helpers follow the first group that uses them (the query chunk), and the shell would load that chunk for them.
 */
const BUILD_HELPERS = /^\0@oxc-project\+runtime@|^\0?rolldown[:\\/]runtime/;

/**
 * `@portal/resources` modules holding what only lazy pages read (error and page texts, field errors, the codes, the
 * notification sanitiser): split out of `errors.ts` and `notifications.ts` so the first page does not carry them.
 */
const LAZY_TEXTS =
  /[\\/]resources[\\/]src[\\/](error-messages|error-fields|error-codes|notification-sanitize|page-messages)\./;

/** The React chunk's file (the `react` group; Rolldown adds an 8-character hash). */
const REACT_CHUNK_FILE = /(^|\/)react-[\w-]{8}\.js$/;

const SERVER_ENTRY = 'src/entry-server.tsx';

/**
 * `vite build` builds the browser's app, then the server's entry (issue 48) into dist/.server: inside dist, so every
 * copy of the build (release, Docker image) carries it; dotted, so the server never serves it as a file. One
 * self-contained module: the release ships the server without this app's node_modules.
 */
function serverEntryAfterBrowserBuild(): Plugin {
  return {
    name: 'portal:server-entry',
    apply: (_config, { command, isSsrBuild }) => command === 'build' && !isSsrBuild,
    async closeBundle() {
      await build({
        configFile: false,
        root: import.meta.dirname,
        logLevel: 'warn',
        publicDir: false,
        plugins: [react(), pureDeclarations(isResources)],
        resolve: { noExternal: true },
        ssr: { noExternal: true },
        build: {
          ssr: SERVER_ENTRY,
          outDir: 'dist/.server',
          emptyOutDir: true,
          minify: false,
          sourcemap: true,
          rollupOptions: {
            treeshake: { moduleSideEffects: (id: string) => !isResources(id) },
            // One file: the server loads a new build under a new address, chunks and all.
            output: { codeSplitting: false },
          },
        },
      });
    },
  };
}

export default defineConfig({
  base: '/',
  plugins: [
    designTokens(),
    react(),
    legacy(BROWSER_BUILDS),
    legacyKeptEs5(),
    pureDeclarations(isResources),
    serverEntryAfterBrowserBuild(),
  ],
  build: {
    // Vite's modulepreload polyfill (0.26 KB gzip on every first load) only serves Firefox before 115 and Safari
    // before 17, which then fetch the entry's imports as they find them; it paid for the flex-gap check
    // (scripts/flex-gap.js) under the 150 KB budget. Lazy chunks keep their preloads (Vite falls back to
    // rel=preload where modulepreload is missing).
    modulePreload: {
      polyfill: false,
      // The entry imports the React chunk itself, so every lazy chunk's importer runs after it has loaded: listing
      // it again in each lazy chunk's preload list only weighs on the entry (issue 20). The HTML keeps its preload.
      resolveDependencies: (_file, deps, { hostType }) =>
        hostType === 'js' ? deps.filter((dep) => !REACT_CHUNK_FILE.test(dep)) : deps,
    },
    // One stylesheet, linked by the HTML: a server-rendered page (issue 48) is styled at its first paint. Split per
    // chunk, a lazy page's CSS modules arrived with its script and the page's layout moved when they applied.
    cssCodeSplit: false,
    ...MINIFY,
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rollupOptions: {
      treeshake: { moduleSideEffects: (id: string) => !isResources(id) },
      output: {
        // One long-lived chunk for React and the router (a closed set, so it imports no other chunk): a portal
        // release rarely invalidates it. Every other package goes where it is used, so what only lazy parts need
        // (MUI, the sign-in library) stays out of the first page.
        codeSplitting: {
          groups: [
            // The provider (and `useQueryClient`) is in the shell: with React, else the shell would pull in the rest.
            {
              name: 'react',
              test: (id) =>
                REACT_PACKAGES.test(id) ||
                BUILD_HELPERS.test(id) ||
                id.includes('/react-query/build/modern/QueryClientProvider.'),
              priority: 3,
            },
            { name: 'query', test: QUERY_MODULES, priority: 2 },
            // The shell's own modules in one chunk: Rolldown would otherwise split every module a lazy page shares
            // with the shell into a chunk of its own, a dozen small files on the first load. Only the modules the
            // entry reaches by static imports (`$initial`), not their dependencies: resources modules that the
            // shell merely re-exports for lazy pages (LAZY_TEXTS) stay with those pages.
            {
              name: 'shell',
              test: (id) => !id.includes('node_modules') && !LAZY_TEXTS.test(id),
              tags: ['$initial'],
              includeDependenciesRecursively: false,
              priority: 1,
            },
          ],
        },
      },
    },
  },
  server: { port: 5173, strictPort: true, proxy },
  preview: { port: 4173, proxy },
});
