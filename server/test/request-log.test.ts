import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { access } from '../src/auth/access.js';
import type { DatabaseHandle } from '../src/db/client.js';
import { freshDatabase, testConfig } from './support/app.js';

let database: DatabaseHandle;
const apps: FastifyInstance[] = [];

beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await database?.close();
});

/** The real app with its log lines captured, and a route that fails (as any handler's bug would). */
async function appLogging(env: Record<string, string>) {
  const lines: { level: number; msg: string; req?: { url: string }; res?: { statusCode: number } }[] = [];
  // An empty LOG_LEVEL counts as unset: the server's own default (testConfig would make it silent).
  const app = await buildApp(testConfig({ LOG_LEVEL: '', ...env }), {
    database,
    inMemory: true,
    logStream: { write: (line) => void lines.push(JSON.parse(line)) },
  });
  app.get('/api/v1/test-failure', { config: { access: access.public() } }, async () => {
    throw new Error('a bug');
  });
  await app.ready();
  apps.push(app);
  const requestLines = () => lines.filter((line) => line.req?.url);
  return { app, requestLines };
}

const WARN = 40;
const ERROR = 50;

describe('request logs', () => {
  it('by default leave out quick answers and keep server errors', async () => {
    // The slow threshold out of reach: a busy test machine must not turn a quick answer into a slow one.
    const { app, requestLines } = await appLogging({ LOG_SLOW_MS: '600000' });
    expect((await app.inject({ method: 'GET', url: '/api/v1/catalogue' })).statusCode).toBeLessThan(500);
    expect((await app.inject({ method: 'GET', url: '/api/v1/nowhere' })).statusCode).toBe(404);
    expect(requestLines()).toEqual([]);

    expect((await app.inject({ method: 'GET', url: '/api/v1/test-failure' })).statusCode).toBe(500);
    expect(requestLines()).toEqual([
      expect.objectContaining({
        level: ERROR,
        req: expect.objectContaining({ url: '/api/v1/test-failure' }),
        res: { statusCode: 500 },
      }),
    ]);
  });

  it('always keep a request at or over LOG_SLOW_MS', async () => {
    const { app, requestLines } = await appLogging({ LOG_SLOW_MS: '0' });
    await app.inject({ method: 'GET', url: '/api/v1/catalogue' });
    expect(requestLines()).toEqual([
      expect.objectContaining({
        level: WARN,
        msg: 'slow request',
        req: expect.objectContaining({ url: '/api/v1/catalogue' }),
      }),
    ]);
  });

  it('write every request with LOG_LEVEL=info', async () => {
    const { app, requestLines } = await appLogging({ LOG_LEVEL: 'info' });
    await app.inject({ method: 'GET', url: '/api/v1/catalogue?token=secret-value' });
    expect(requestLines()).toEqual([
      expect.objectContaining({
        msg: 'request completed',
        req: expect.objectContaining({ url: '/api/v1/catalogue?token=[REDACTED]' }),
      }),
    ]);
  });
});
