import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { ConfigError, DEMO_CREDENTIALS_REFUSED, loadConfig } from '../src/config.js';
import { startTestApp, type TestApp } from './support/app.js';

/** A deployment on a public address, demo seeding and test payments off as the README's production section says. */
const production = {
  PUBLIC_URL: 'https://portal.example.com',
  NODE_ENV: 'production',
  SEED_DEMO_DATA: 'false',
  PAYMENT_PROVIDER: 'stripe',
  STRIPE_SECRET_KEY: 'sk_live_x',
  STRIPE_WEBHOOK_SECRET: 'whsec_x',
  LOG_LEVEL: 'silent',
  DATA_DIR: '/nonexistent-test-data',
};

let trial: TestApp;
beforeAll(async () => {
  // A local trial filled the database with the demo data.
  trial = await startTestApp();
});
afterAll(() => trial?.close());

describe('a database holding the published demo credentials', () => {
  it('is refused on a public address, in one line naming ALLOW_DEMO_DATA', async () => {
    const started = buildApp(loadConfig(production), {
      database: trial.database,
      inMemory: true,
      logger: false,
    });
    await expect(started).rejects.toBeInstanceOf(ConfigError);
    await expect(started).rejects.toMatchObject({ problems: [DEMO_CREDENTIALS_REFUSED] });
    expect(DEMO_CREDENTIALS_REFUSED).not.toContain('\n');
  });

  it('is served when ALLOW_DEMO_DATA says so', async () => {
    const app = await buildApp(loadConfig({ ...production, ALLOW_DEMO_DATA: 'true' }), {
      database: trial.database,
      inMemory: true,
      logger: false,
    });
    await app.close();
  });
});
