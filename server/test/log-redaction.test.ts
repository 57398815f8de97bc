import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import type { DatabaseHandle } from '../src/db/client.js';
import { redactUrl } from '../src/transport/log-redaction.js';
import { freshDatabase, testConfig } from './support/app.js';
import { signIn, bearer } from './support/sign-in.js';

let app: FastifyInstance;
let database: DatabaseHandle;
const lines: string[] = [];

beforeAll(async () => {
  database = await freshDatabase();
  app = await buildApp(testConfig({ LOG_LEVEL: 'info' }), {
    database,
    inMemory: true,
    logStream: { write: (line) => void lines.push(line) },
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe('request logs', () => {
  it('never hold verification tokens, authorization codes, payment session references or invitation passwords', async () => {
    const secrets = {
      token: 'VerifyTokenSecret0123456789abcdef',
      code: 'AuthCodeSecret0123456789',
      state: 'StateSecret0123456789',
      payment: 'PaymentRefSecret0123456789',
      header: 'InvitationHeaderSecret1',
      body: 'InvitationBodySecret1',
    };
    const customer = await signIn(app, { email: 'customer@portal.test' });
    const invitation = randomUUID();
    await app.inject({ method: 'GET', url: `/oidc/verify-email?token=${secrets.token}` });
    await app.inject({ method: 'GET', url: `/auth/callback?code=${secrets.code}&state=${secrets.state}` });
    await app.inject({ method: 'GET', url: `/payments/test/${secrets.payment}` });
    await app.inject({ method: 'POST', url: `/payments/test/${secrets.payment}`, payload: { card: '4242' } });
    await app.inject({
      method: 'GET',
      url: `/api/v1/invitations/${invitation}`,
      headers: { ...bearer(customer), 'x-invitation-password': secrets.header },
    });
    await app.inject({
      method: 'POST',
      url: `/api/v1/invitations/${invitation}/accept?password=${secrets.body}`,
      headers: { ...bearer(customer), 'x-invitation-password': secrets.header },
      payload: { password: secrets.body },
    });

    const log = lines.join('');
    // The requests were logged, by their redacted addresses.
    expect(log).toContain('/oidc/verify-email?token=[REDACTED]');
    expect(log).toContain('/auth/callback?code=[REDACTED]&state=[REDACTED]');
    expect(log).toContain('/payments/test/[REDACTED]');
    expect(log).toContain(`/api/v1/invitations/${invitation}`);
    for (const secret of Object.values(secrets)) expect(log).not.toContain(secret);
    expect(log).not.toContain(customer.access_token);
  });

  it.each([
    ['/oidc/verify-email?token=abc&x=1', '/oidc/verify-email?token=[REDACTED]&x=1'],
    ['/auth/callback?%63ode=abc', '/auth/callback?%63ode=[REDACTED]'],
    ['/checkout/result?session_id=cs_test_1', '/checkout/result?session_id=[REDACTED]'],
    ['/oidc/session/end?id_token_hint=eyJ', '/oidc/session/end?id_token_hint=[REDACTED]'],
    ['/payments/test/abc?x=1', '/payments/test/[REDACTED]?x=1'],
    ['/assets?q=code', '/assets?q=code'],
  ])('redactUrl(%j) is %j', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });
});
