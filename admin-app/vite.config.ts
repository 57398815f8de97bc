import { fileURLToPath } from 'node:url';
import legacy from '@vitejs/plugin-legacy';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { BROWSER_BUILDS } from '../scripts/browsers';
import { legacyKeptEs5, MINIFY } from '../scripts/minify';

const serverUrl = process.env.PORTAL_SERVER_URL ?? 'http://localhost:8080';

// Open the console through the customer app's dev server (http://localhost:5173/admin/), which
// proxies /admin here: sign-in lives in the customer app and needs the same origin.
const proxy = {
  '/api': serverUrl,
  '/oidc': serverUrl,
  '/healthz': serverUrl,
};

const REACT_PACKAGES =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|cookie|set-cookie-parser)[\\/]/;

export default defineConfig({
  base: '/admin/',
  plugins: [react(), legacy(BROWSER_BUILDS), legacyKeptEs5()],
  resolve: {
    // See src/shims/object-entries.cjs: a polyfill stack no supported browser needs.
    alias: [
      {
        find: /^object\.entries$/,
        replacement: fileURLToPath(new URL('./src/shims/object-entries.cjs', import.meta.url)),
      },
    ],
  },
  build: {
    ...MINIFY,
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // react-admin with MUI, zod and the i18n catalogue is one ~1 MB (~300 kB gzip) vendor chunk, cached across
    // releases.
    chunkSizeWarningLimit: 1100,
    rollupOptions: {
      // DOMPurify runs code at load, so Rollup keeps it although only react-admin's RichTextField uses it, which
      // the console never renders (stored markup is shown as text): declared pure, it stays out of the bundle.
      treeshake: { moduleSideEffects: (id) => !/[\\/]node_modules[\\/]dompurify[\\/]/.test(id) },
      output: {
        // Two long-lived chunks: React and the router (a closed set, so it imports no other chunk),
        // and every other package. Finer splits made the chunks import each other in a cycle.
        manualChunks(id) {
          if (!id.includes('node_modules')) return undefined;
          return REACT_PACKAGES.test(id) ? 'react' : 'vendor';
        },
      },
    },
  },
  server: { port: 5174, strictPort: true, proxy },
  preview: { port: 4174, proxy },
});
