import { defineConfig } from '@playwright/test';
import suite from './playwright.config.js';

/**
 * Only the foreign-provider spec, without the suite's servers: it starts a portal of its own per provider shape
 * (`npx playwright test -c playwright.foreign.config.ts`). The main config runs the same spec among the others.
 */
export default defineConfig({
  ...suite,
  testMatch: /foreign-providers\.spec\.ts$/,
  webServer: undefined,
  workers: 1,
  projects: [{ name: 'chromium', use: { browserName: 'chromium', viewport: { width: 1280, height: 800 } } }],
});
