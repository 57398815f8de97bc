import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { SignJWT, exportJWK, generateKeyPair, importJWK, type JWK, type JWTPayload } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '@portal/resources';
import { buildApp } from '../src/app.js';
import type { DatabaseHandle } from '../src/db/client.js';
import { identityAccounts, users } from '../src/db/schema.js';
import { identityStore } from '../src/oidc/identity-store.js';
import { freshDatabase, testConfig, TEST_PUBLIC_URL } from './support/app.js';
import { claimsOf, signIn, type Tokens } from './support/sign-in.js';

/**
 * Tokens the API must refuse. The app runs with signing keys this test wrote into its data folder, so the test
 * can mint tokens with the provider's own key that differ from a real one in exactly one respect; a control token
 * minted the same way is accepted, so every refusal below is about that one respect.
 */
const ISSUER = `${TEST_PUBLIC_URL}/oidc`;
const AUDIENCE = `${TEST_PUBLIC_URL}/api/v1`;

let app: FastifyInstance;
let database: DatabaseHandle;
let dataDir: string;
let providerKey: JWK & { kid: string };
let customer: Tokens;

async function freshRsaJwk(): Promise<JWK & { kid: string }> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true, modulusLength: 2048 });
  return { ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig', kid: randomBytes(8).toString('hex') };
}

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-access-tokens-'));
  providerKey = await freshRsaJwk();
  await fs.mkdir(path.join(dataDir, 'oidc'));
  await fs.writeFile(
    path.join(dataDir, 'oidc', 'keys.json'),
    JSON.stringify({ jwks: { keys: [providerKey] }, cookieKeys: [randomBytes(32).toString('base64url')] }),
  );
  database = await freshDatabase();
  app = await buildApp(testConfig({ DATA_DIR: dataDir }), { database, logger: false });
  await app.ready();
  customer = await signIn(app, { email: 'customer@portal.test' });
});

afterAll(async () => {
  await app?.close();
  await database?.close();
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

const me = (token: string) =>
  app.inject({ method: 'GET', url: '/api/v1/users/me', headers: { authorization: `Bearer ${token}` } });

async function expectRefused(token: string) {
  const response = await me(token);
  expect(response.statusCode, response.body).toBe(401);
  const body = response.json<ErrorBody>();
  expect(body.status).toBe(401);
  expect(body.errors[0]?.errorCode).toBe('unauthorized');
}

/** The claims of the customer's real access token, to copy into minted ones. */
const realClaims = () => claimsOf(customer.access_token) as JWTPayload & Record<string, unknown>;

async function mint(
  claims: JWTPayload & Record<string, unknown>,
  options: { key?: JWK & { kid: string }; header?: Record<string, unknown> } = {},
): Promise<string> {
  const key = options.key ?? providerKey;
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', kid: key.kid, typ: 'at+jwt', ...options.header })
    .sign(await importJWK(key, 'RS256'));
}

const now = () => Math.floor(Date.now() / 1000);
const fresh = () => ({ ...realClaims(), iat: now(), exp: now() + 600 });

describe('the API', () => {
  it('accepts the real token and a minted copy of it (the control of every case below)', async () => {
    expect(realClaims()).toMatchObject({ iss: ISSUER, aud: AUDIENCE });
    expect((await me(customer.access_token)).statusCode).toBe(200);
    const control = await me(await mint(fresh()));
    expect(control.statusCode, control.body).toBe(200);
    expect(control.json<{ email: string }>().email).toBe('customer@portal.test');
  });

  it('refuses an expired token', async () => {
    await expectRefused(await mint({ ...realClaims(), iat: now() - 3600, exp: now() - 60 }));
  });

  it('refuses a token not valid yet', async () => {
    await expectRefused(await mint({ ...fresh(), nbf: now() + 600 }));
  });

  it('refuses a token of another audience, or of none', async () => {
    await expectRefused(await mint({ ...fresh(), aud: 'https://other.example/api' }));
    const { aud: _aud, ...withoutAudience } = fresh();
    await expectRefused(await mint(withoutAudience));
  });

  it('refuses a token of another issuer, or of none', async () => {
    await expectRefused(await mint({ ...fresh(), iss: 'https://evil.example/oidc' }));
    await expectRefused(await mint({ ...fresh(), iss: `${ISSUER}/` }));
    const { iss: _iss, ...withoutIssuer } = fresh();
    await expectRefused(await mint(withoutIssuer));
  });

  it('refuses an unsigned token (alg: none), however it spells it', async () => {
    const encode = (part: unknown) => Buffer.from(JSON.stringify(part)).toString('base64url');
    for (const alg of ['none', 'None', 'NONE', 'nOnE']) {
      const body = encode(fresh());
      await expectRefused(`${encode({ alg, typ: 'JWT' })}.${body}.`);
      await expectRefused(`${encode({ alg, kid: providerKey.kid })}.${body}.`);
    }
  });

  it('refuses a token signed with another key, even when it names the provider’s key id', async () => {
    const other = await freshRsaJwk();
    await expectRefused(await mint(fresh(), { key: other }));
    await expectRefused(await mint(fresh(), { key: { ...other, kid: providerKey.kid } }));
  });

  it('refuses a token signed with HMAC using the provider’s public key as the secret', async () => {
    const publicKey = { kty: providerKey.kty, n: providerKey.n, e: providerKey.e };
    const secret = new TextEncoder().encode(JSON.stringify(publicKey));
    const token = await new SignJWT(fresh())
      .setProtectedHeader({ alg: 'HS256', kid: providerKey.kid })
      .sign(secret);
    await expectRefused(token);
  });

  it('refuses a real token whose payload was changed (another subject, an admin’s)', async () => {
    const [header, , signature] = customer.access_token.split('.');
    const admin = await signIn(app, { email: 'admin@portal.test' });
    const adminPayload = admin.access_token.split('.')[1];
    await expectRefused(`${header}.${adminPayload}.${signature}`);
  });

  it('refuses a token without a subject', async () => {
    const { sub: _sub, ...claims } = fresh();
    await expectRefused(await mint(claims));
  });

  it('refuses malformed bearer values without a 5xx', async () => {
    for (const value of [
      'Bearer',
      'Bearer a.b',
      'Bearer a.b.c',
      'Basic YWRtaW46ZGVtbzEyMzQ=',
      'Bearer ....',
    ]) {
      const response = await app.inject({
        method: 'GET',
        url: '/api/v1/users/me',
        headers: { authorization: value },
      });
      expect(response.statusCode, value).toBe(401);
    }
  });
});

describe('a deleted user', () => {
  async function newUser(email: string) {
    const db = database.db;
    const created = await identityStore(db).register({
      email,
      password: 'a-long-password',
      givenName: 'Soon',
      familyName: 'Gone',
      company: 'Test Company',
      country: 'DE',
    });
    await db.update(identityAccounts).set({ emailVerified: true }).where(eq(identityAccounts.id, created.id));
    const tokens = await signIn(app, { email, password: 'a-long-password' });
    expect((await me(tokens.access_token)).statusCode).toBe(200);
    return { tokens, accountId: created.id };
  }

  it('is refused with a token issued before the deletion', async () => {
    const { tokens, accountId } = await newUser('deleted-one@portal.test');
    await database.db.delete(users).where(eq(users.email, 'deleted-one@portal.test'));
    await database.db.delete(identityAccounts).where(eq(identityAccounts.id, accountId));
    await expectRefused(tokens.access_token);
    // The token did not bring the user back.
    const rows = await database.db.select().from(users).where(eq(users.email, 'deleted-one@portal.test'));
    expect(rows).toEqual([]);
  });

  it('cannot refresh a token after the deletion', async () => {
    const { tokens, accountId } = await newUser('deleted-two@portal.test');
    expect(tokens.refresh_token).toBeTruthy();
    await database.db.delete(users).where(eq(users.email, 'deleted-two@portal.test'));
    await database.db.delete(identityAccounts).where(eq(identityAccounts.id, accountId));
    const refreshed = await app.inject({
      method: 'POST',
      url: '/oidc/token',
      headers: { host: new URL(TEST_PUBLIC_URL).host, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: tokens.refresh_token!,
        client_id: 'portal',
      }).toString(),
    });
    expect(refreshed.statusCode, refreshed.body).toBe(400);
    expect(refreshed.json<{ error: string }>().error).toBe('invalid_grant');
  });
});
