import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const serverUrl = process.env.PORTAL_SERVER_URL ?? 'http://localhost:8080';
const adminDevUrl = process.env.ADMIN_DEV_URL ?? 'http://localhost:5174';

// In development the portal, the API and the admin console share this origin, as in production:
// the API and identity provider through the server, /admin through the admin app's dev server.
const proxy = {
  '/api': serverUrl,
  '/oidc': serverUrl,
  '/healthz': serverUrl,
  '/admin': { target: adminDevUrl, ws: true },
};

const REACT_PACKAGES =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|cookie|set-cookie-parser)[\\/]/;

export default defineConfig({
  base: '/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rollupOptions: {
      output: {
        // Long-lived vendor chunks: a portal release then rarely invalidates React or MUI.
        // Two long-lived chunks: React and the router (a closed set, so it imports no other chunk),
        // and every other package. Finer splits made the chunks import each other in a cycle.
        manualChunks(id) {
          if (!id.includes('node_modules')) return undefined;
          return REACT_PACKAGES.test(id) ? 'react' : 'vendor';
        },
      },
    },
  },
  server: { port: 5173, strictPort: true, proxy },
  preview: { port: 4173, proxy },
});
