import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import type { DatabaseHandle } from '../src/db/client.js';
import { listenForMetrics } from '../src/ops/metrics.js';
import { freshDatabase, testConfig } from './support/app.js';
import { AuthorizationFlow, InjectBrowser } from './support/sign-in.js';

const TOKEN = 'metrics-token-for-the-test-0123456789';

// Each case builds an app of its own: well over the default bound with both cores busy.
const WAITS_FOR_A_NEW_APP = { timeout: 120_000 };

let database: DatabaseHandle;
const apps: FastifyInstance[] = [];

beforeAll(async () => {
  database = await freshDatabase({ seeded: true });
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await database?.close();
});

async function appWith(env: Record<string, string>) {
  const app = await buildApp(testConfig(env), { database, inMemory: true, logger: false, mailWorker: false });
  await app.ready();
  apps.push(app);
  return app;
}

/** The value of one sample of a Prometheus text exposition: the metric with (at least) these labels. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) return Number(match[3]);
  }
  return undefined;
}

const read = async (app: FastifyInstance) => {
  const answer = await app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(answer.statusCode).toBe(200);
  expect(answer.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return answer.body;
};

describe('GET /metrics', WAITS_FOR_A_NEW_APP, () => {
  it('is off by default: 404 in the error shape, never the customer app', async () => {
    const app = await appWith({});
    const answer = await app.inject({ method: 'GET', url: '/metrics' });
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toMatchObject({ status: 404, type: 'not_found' });
    expect(answer.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('with METRICS_TOKEN, refuses a missing or wrong bearer (401) and serves the right one', async () => {
    const app = await appWith({ METRICS_TOKEN: TOKEN });
    for (const authorization of [undefined, 'Bearer wrong', `Bearer ${TOKEN}x`, TOKEN, `Basic ${TOKEN}`]) {
      const answer = await app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization ? { authorization } : {},
      });
      expect(answer.statusCode, String(authorization)).toBe(401);
      expect(answer.json()).toMatchObject({ status: 401, type: 'unauthorized' });
      expect(answer.headers['www-authenticate']).toMatch(/^Bearer/);
      expect(answer.body).not.toContain('portal_http_requests_total');
    }
    expect(await read(app)).toContain('# TYPE portal_http_requests_total counter');
  });

  it('counts requests by route pattern, method and status, with their latency', async () => {
    const app = await appWith({ METRICS_TOKEN: TOKEN });
    const route = { route: '/api/v1/catalogue/tools/:featureId', method: 'GET', status: '404' };
    const before = await read(app);
    for (const id of ['no-such-tool', 'nor-this-one']) {
      expect((await app.inject({ method: 'GET', url: `/api/v1/catalogue/tools/${id}` })).statusCode).toBe(
        404,
      );
    }
    expect((await app.inject({ method: 'GET', url: '/api/v1/catalogue' })).statusCode).toBe(200);
    const after = await read(app);
    const moved = (name: string, labels: Record<string, string>) =>
      (sample(after, name, labels) ?? 0) - (sample(before, name, labels) ?? 0);
    expect(moved('portal_http_requests_total', route)).toBe(2);
    expect(moved('portal_http_request_duration_seconds_count', route)).toBe(2);
    expect(moved('portal_http_request_duration_seconds_bucket', { ...route, le: '+Inf' })).toBe(2);
    expect(moved('portal_http_requests_total', { route: '/api/v1/catalogue', status: '200' })).toBe(1);
    // The scrape itself is a request like any other.
    expect(moved('portal_http_requests_total', { route: '/metrics', status: '200' })).toBe(1);
  });

  it('counts rate-limit refusals by budget', async () => {
    const app = await appWith({ METRICS_TOKEN: TOKEN });
    const budget = { budget: 'sign-in-failures' };
    const before = sample(await read(app), 'portal_rate_limit_refusals_total', budget) ?? 0;
    const flow = new AuthorizationFlow(app, new InjectBrowser(app, undefined, '192.0.2.50'));
    let page = (await flow.start()).page!;
    let status = 0;
    for (let attempt = 0; attempt < 11; attempt += 1) {
      const step = await flow.submit(page, { email: 'customer@portal.test', password: 'wrong' });
      page = step.page!;
      status = page.statusCode;
    }
    expect(status).toBe(429);
    expect(sample(await read(app), 'portal_rate_limit_refusals_total', budget)).toBe(before + 1);
  });

  it('shows the mail backlog, the database connections and the background jobs', async () => {
    const app = await appWith({ METRICS_TOKEN: TOKEN });
    await app.mail.drain();
    let text = await read(app);
    expect(sample(text, 'portal_mail_queue_depth')).toBe(0);
    expect(sample(text, 'portal_mail_queue_oldest_age_seconds')).toBe(0);
    const mailRun = sample(text, 'portal_job_last_run_timestamp_seconds', { job: 'mail' })!;
    expect(mailRun).toBeGreaterThan(0);
    expect(sample(text, 'portal_job_last_run_timestamp_seconds', { job: 'oidc-prune' })).toBeGreaterThan(0);
    for (const job of ['mail', 'audit-retention', 'checkout-expiry', 'orphan-cleanup', 'oidc-prune']) {
      expect(sample(text, 'portal_job_failures_total', { job })).toBe(0);
    }
    expect(sample(text, 'portal_db_connections_in_use')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'portal_db_connections_waiting')).toBeGreaterThanOrEqual(0);

    // The worker is off: queued mail waits, and the backlog says so.
    await app.mail.enqueue([
      { to: 'a@example.com', subject: 'One', text: 'One', kind: 'test' },
      { to: 'b@example.com', subject: 'Two', text: 'Two', kind: 'test' },
    ]);
    text = await read(app);
    expect(sample(text, 'portal_mail_queue_depth')).toBe(2);
    expect(sample(text, 'portal_mail_queue_oldest_age_seconds')).toBeGreaterThanOrEqual(0);
    await app.mail.drain();
    text = await read(app);
    expect(sample(text, 'portal_mail_queue_depth')).toBe(0);
    expect(sample(text, 'portal_job_last_run_timestamp_seconds', { job: 'mail' })).toBeGreaterThanOrEqual(
      mailRun,
    );

    // A turn that fails is counted, and its last run moves while its last success does not.
    const failing = app.metrics.job('checkout-expiry', () => Promise.reject(new Error('database away')));
    await expect(failing).rejects.toThrow('database away');
    text = await read(app);
    expect(sample(text, 'portal_job_failures_total', { job: 'checkout-expiry' })).toBe(1);
    expect(sample(text, 'portal_job_last_run_timestamp_seconds', { job: 'checkout-expiry' })).toBeGreaterThan(
      0,
    );
    expect(
      sample(text, 'portal_job_last_success_timestamp_seconds', { job: 'checkout-expiry' }),
    ).toBeUndefined();
  });

  it('with METRICS_PORT, is served on that port only', async () => {
    const app = await appWith({ METRICS_PORT: '9464' });
    expect((await app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    // Port 0: the system picks a free one (a fixed port may be taken on a shared machine).
    const port = await listenForMetrics(app, testConfig({ METRICS_PORT: '9464' }), 0);
    const answer = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain('portal_db_connections_in_use');
    expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(404);
  });

  it('with METRICS_PORT and METRICS_TOKEN, that port asks for the token too', async () => {
    const app = await appWith({ METRICS_PORT: '9464', METRICS_TOKEN: TOKEN });
    const port = await listenForMetrics(app, testConfig({ METRICS_PORT: '9464', METRICS_TOKEN: TOKEN }), 0);
    expect((await fetch(`http://127.0.0.1:${port}/metrics`)).status).toBe(401);
    const answer = await fetch(`http://127.0.0.1:${port}/metrics`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(answer.status).toBe(200);
  });
});

describe('request ids', WAITS_FOR_A_NEW_APP, () => {
  it('an error answer carries its request id: header and supportId, in the spec error shape', async () => {
    const app = await appWith({});
    // A state-changing call with cookies and no CSRF token: a 403 with a support id.
    const answer = await app.inject({
      method: 'POST',
      url: '/api/v1/projects',
      headers: { cookie: 'XSRF-TOKEN=abc', 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(answer.statusCode).toBe(403);
    const body = answer.json<{ status: number; type: string; errors: unknown[]; supportId: string }>();
    expect(Object.keys(body).sort()).toEqual(['errors', 'status', 'supportId', 'type']);
    expect(body.supportId).toBe(answer.headers['x-request-id']);
    const other = await app.inject({ method: 'GET', url: '/api/v1/nowhere' });
    expect(other.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(other.headers['x-request-id']).not.toBe(answer.headers['x-request-id']);
  });
});
