import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '@portal/resources';
import { identityStore } from '../src/oidc/identity-store.js';
import { startTestApp, type TestApp } from './support/app.js';
import { AuthorizationFlow, InjectBrowser, bearer, claimsOf, signIn } from './support/sign-in.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe('registration with prompt=create', () => {
  const registration = {
    email: 'new.user@example.com',
    password: 'a-long-password',
    givenName: 'Nora',
    familyName: 'Newcomer',
    company: 'Initech',
    country: 'NL',
  };

  it('shows labelled fields, refuses bad input field by field, and changes nothing', async () => {
    const flow = new AuthorizationFlow(t.app, new InjectBrowser(t.app), { prompt: 'create' });
    const first = await flow.start();
    expect(first.page?.body).toContain('<h1>Create account</h1>');
    for (const label of ['Email', 'Password', 'Given name', 'Family name', 'Company', 'Country']) {
      expect(first.page?.body).toContain(`>${label}</label>`);
    }
    const bad = await flow.submit(first.page!, { ...registration, email: 'not-an-email', password: 'short' });
    expect(bad.page?.statusCode).toBe(400);
    expect(bad.page?.body).toContain('Enter a valid email address.');
    expect(bad.page?.body).toContain('Password must be at least 10 characters.');
    expect(bad.page?.body).toContain('value="Nora"');
    // Names, company and country are one line: a line break or control character could forge mail text.
    const forged = await flow.submit(bad.page!, {
      ...registration,
      givenName: 'Nora\r\nBcc: all@example.com',
      familyName: 'New\u0007comer',
      company: 'Initech\nCall +1 555',
      country: 'NL\u2028',
    });
    expect(forged.page?.statusCode).toBe(400);
    for (const label of ['Given name', 'Family name', 'Company', 'Country']) {
      expect(forged.page?.body).toContain(`${label} may not contain line breaks or control characters.`);
    }
    expect(await identityStore(t.database.db).findByEmail(registration.email)).toBeUndefined();
    expect(t.app.mailer.sent).toHaveLength(0);
  });

  it('creates an unverified account, asks to check the mail, and mails a verification link', async () => {
    const flow = new AuthorizationFlow(t.app, new InjectBrowser(t.app), { prompt: 'create' });
    const first = await flow.start();
    const done = await flow.submit(first.page!, registration);
    expect(done.page?.statusCode).toBe(200);
    expect(done.page?.body).toContain('<h1>Check your email</h1>');
    expect(done.callback).toBeUndefined();

    // Until the link is opened, a sign-in brings an unverified token.
    const tokens = await signIn(t.app, { email: registration.email, password: registration.password });
    expect(claimsOf(tokens.id_token)).toMatchObject({
      email: registration.email,
      email_verified: false,
      given_name: 'Nora',
    });
    const me = await get('/api/v1/users/me', bearer(tokens));
    expect(me.statusCode).toBe(200);
    expect(me.json<User>()).toMatchObject({ email: registration.email, emailVerified: false, roles: [] });

    await t.app.mail.drain();
    const [mail] = t.app.mailer.sent;
    expect(mail).toMatchObject({ to: registration.email });
    const link = /http:\/\/localhost:8080(\/oidc\/verify-email\?token=[\w-]+)/.exec(mail!.text)?.[1];
    expect(link).toBeDefined();

    const verified = await get(link!);
    expect(verified.statusCode).toBe(200);
    expect(verified.body).toContain('Email confirmed');
    expect((await get(link!)).statusCode).toBe(400);

    // Signing in again brings a token, and a user, that is verified.
    const again = await signIn(t.app, { email: registration.email, password: registration.password });
    expect(claimsOf(again.id_token).email_verified).toBe(true);
    expect((await get('/api/v1/users/me', bearer(again))).json<User>().emailVerified).toBe(true);
  });

  it('answers a taken email exactly as a new one, and tells only its holder by mail', async () => {
    const answer = async (email: string) => {
      const flow = new AuthorizationFlow(t.app, new InjectBrowser(t.app), { prompt: 'create' });
      const first = await flow.start();
      const started = performance.now();
      const done = await flow.submit(first.page!, { ...registration, email });
      return { done, ms: performance.now() - started };
    };
    const sentBefore = t.app.mailer.sent.length;
    // Three rounds, taken and fresh in turn, each side timed by its quickest answer: a busy machine only ever adds
    // time, so one slow fresh answer cannot make the taken one look quick.
    const rounds: Record<'taken' | 'fresh', Awaited<ReturnType<typeof answer>>>[] = [];
    for (const round of [1, 2, 3]) {
      rounds.push({
        taken: await answer('ADMIN@portal.test'),
        fresh: await answer(`brand.new.${round}@example.com`),
      });
    }
    const { taken, fresh } = rounds[0]!;
    expect(taken.done.page?.statusCode).toBe(fresh.done.page?.statusCode);
    const shown = (answered: typeof taken, email: string) => answered.done.page?.body.replace(email, '…');
    expect(shown(taken, 'ADMIN@portal.test')).toBe(shown(fresh, 'brand.new.1@example.com'));
    // The same work (a password hash, a queued mail) both ways: no answer is quick because the email is known.
    const quickest = (side: 'taken' | 'fresh') => Math.min(...rounds.map((each) => each[side].ms));
    expect(quickest('taken')).toBeGreaterThan(quickest('fresh') / 4);

    await t.app.mail.drain();
    const mails = t.app.mailer.sent.slice(sentBefore);
    const toAdmin = mails.find((mail) => mail.to === 'admin@portal.test');
    expect(toAdmin?.subject).toBe(
      'Someone tried to register with your email address at the Developer Portal',
    );
    expect(toAdmin?.text).toContain('sign in instead: http://localhost:8080/login');
    expect(toAdmin?.text).not.toContain('verify-email');
    // The account is unchanged: its own password still signs in, the one sent with the form does not.
    await signIn(t.app, { email: 'admin@portal.test' });
    const login = new AuthorizationFlow(t.app, new InjectBrowser(t.app));
    const refused = await login.submit((await login.start()).page!, {
      email: 'admin@portal.test',
      password: registration.password,
    });
    expect(refused.page?.statusCode).toBe(401);
  });

  it('refuses an unknown or malformed verification token', async () => {
    expect(
      (await get('/oidc/verify-email?token=aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa')).statusCode,
    ).toBe(400);
    expect((await get('/oidc/verify-email?token=%3Cscript%3E')).statusCode).toBe(400);
  });
});

describe('step-up with a TOTP second factor', () => {
  const totpPage = (body: string) => body.includes('<h1>Second factor</h1>');

  it('asks the MFA client for a second factor, enrols it, and puts the MFA acr in the token', async () => {
    const browser = new InjectBrowser(t.app);
    const normal = await signIn(t.app, { email: 'promoted@portal.test', browser });
    expect(claimsOf(normal.access_token).acr).toBe('urn:portal:acr:pwd');

    // Same browser session: no password again, but the second factor is demanded.
    const flow = new AuthorizationFlow(t.app, browser, {
      clientId: 'portal-mfa',
      acrValues: 'urn:portal:acr:mfa',
    });
    const step = await flow.start();
    expect(step.page && totpPage(step.page.body)).toBe(true);
    const secret = /id="totp-secret">([A-Z2-7]+)</.exec(step.page!.body)?.[1];
    expect(secret).toBeDefined();
    expect(step.page!.body).toContain('<svg');

    const wrong = await flow.submit(step.page!, { code: '000000' });
    expect(wrong.page?.statusCode).toBe(401);
    expect(wrong.page?.body).toContain('The code is not correct.');

    const code = new TOTP({ secret: Secret.fromBase32(secret!), digits: 6, period: 30 }).generate();
    const done = await flow.submit(wrong.page!, { code });
    const tokens = await flow.exchange(done.callback!);
    const claims = claimsOf(tokens.access_token);
    expect(claims.acr).toBe('urn:portal:acr:mfa');
    expect(claims.amr).toEqual(['pwd', 'otp']);
    expect((await get('/api/v1/users/me', bearer(tokens))).statusCode).toBe(200);
  });

  it('asks a fresh MFA sign-in for the password, then the code of the enrolled factor', async () => {
    const flow = new AuthorizationFlow(t.app, new InjectBrowser(t.app), { clientId: 'portal-mfa' });
    const login = await flow.start();
    expect(login.page?.body).toContain('<h1>Sign in</h1>');
    const second = await flow.submit(login.page!, { email: 'customer@portal.test', password: 'demo1234' });
    expect(second.page && totpPage(second.page.body)).toBe(true);
    // The MFA client's registered default acr demands the factor even without acr_values.
    const secret = /id="totp-secret">([A-Z2-7]+)</.exec(second.page!.body)![1]!;
    const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 });
    const used = totp.generate();
    const done = await flow.submit(second.page!, { code: used });
    expect(claimsOf((await flow.exchange(done.callback!)).access_token).acr).toBe('urn:portal:acr:mfa');

    // Enrolled now: the next step-up shows no secret, only the code field.
    const next = new AuthorizationFlow(t.app, new InjectBrowser(t.app), { clientId: 'portal-mfa' });
    const page = await next.start();
    const codePage = await next.submit(page.page!, { email: 'customer@portal.test', password: 'demo1234' });
    expect(codePage.page?.body).not.toContain('totp-secret');
    // The code just used is refused (a code works once, even within its 30 seconds); the next step's works. The
    // same code, not a fresh one: the clock may have passed into the next step since.
    const replayed = await next.submit(codePage.page!, { code: used });
    expect(replayed.page?.statusCode).toBe(401);
    expect(replayed.page?.body).toContain('The code is not correct.');
    const finished = await next.submit(replayed.page!, {
      code: totp.generate({ timestamp: Date.now() + 30_000 }),
    });
    expect(finished.callback).toBeDefined();
  });

  it('takes one code once when two sign-ins race with it', async () => {
    const secretOf = async (flow: AuthorizationFlow) => {
      const login = await flow.start();
      return flow.submit(login.page!, { email: 'csa@portal.test', password: 'demo1234' });
    };
    const enrol = new AuthorizationFlow(t.app, new InjectBrowser(t.app), { clientId: 'portal-mfa' });
    const enrolPage = await secretOf(enrol);
    const secret = /id="totp-secret">([A-Z2-7]+)</.exec(enrolPage.page!.body)![1]!;
    const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 });
    await enrol.submit(enrolPage.page!, { code: totp.generate({ timestamp: Date.now() - 30_000 }) });

    const flows = [0, 1].map(
      () => new AuthorizationFlow(t.app, new InjectBrowser(t.app), { clientId: 'portal-mfa' }),
    );
    const pages = await Promise.all(flows.map(secretOf));
    const code = totp.generate();
    const results = await Promise.all(flows.map((flow, i) => flow.submit(pages[i]!.page!, { code })));
    expect(results.filter((r) => r.callback).length).toBe(1);
    expect(results.filter((r) => r.page?.statusCode === 401).length).toBe(1);
  });

  it('keeps a normal sign-in free of the second factor', async () => {
    const tokens = await signIn(t.app, { email: 'internal@portal.test' });
    expect(claimsOf(tokens.access_token).acr).toBe('urn:portal:acr:pwd');
  });
});

describe('tokens', () => {
  it('revokes a refresh token', async () => {
    const tokens = await signIn(t.app, { email: 'admin@portal.test' });
    const form = (body: Record<string, string>) => ({
      method: 'POST' as const,
      headers: { host: 'localhost:8080', 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(body).toString(),
    });
    const revoked = await t.app.inject({
      url: '/oidc/token/revocation',
      ...form({ token: tokens.refresh_token!, client_id: 'portal', token_type_hint: 'refresh_token' }),
    });
    expect(revoked.statusCode).toBe(200);
    const refreshed = await t.app.inject({
      url: '/oidc/token',
      ...form({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token!, client_id: 'portal' }),
    });
    expect(refreshed.statusCode).toBe(400);
    expect(refreshed.json()).toMatchObject({ error: 'invalid_grant' });
  });
});

describe('service accounts', () => {
  const clientCredentials = (id: string, secret: string) =>
    t.app.inject({
      method: 'POST',
      url: '/oidc/token',
      headers: {
        host: 'localhost:8080',
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`,
      },
      payload: new URLSearchParams({ grant_type: 'client_credentials', scope: 'portal' }).toString(),
    });

  it('get a token by the client-credentials grant that the API honours with their roles', async () => {
    const response = await clientCredentials('portal-smoke-test', 'demo-service-account-secret');
    expect(response.statusCode).toBe(200);
    const tokens = response.json<{ access_token: string }>();
    expect(claimsOf(tokens.access_token).aud).toBe(t.config.oidc.audience);
    const me = (await get('/api/v1/users/me', bearer(tokens))).json<User>();
    expect(me).toMatchObject({ email: 'smoke-test@portal.test', roles: [{ name: 'Admin' }] });
    const boards = await get('/api/v1/boards', { ...bearer(tokens), range: 'boards=0-0' });
    expect(boards.statusCode).toBe(200);
  });

  it('are refused with a wrong secret or an unknown client id', async () => {
    expect((await clientCredentials('portal-smoke-test', 'wrong')).statusCode).toBe(401);
    expect((await clientCredentials('nobody', 'demo-service-account-secret')).statusCode).toBe(401);
  });

  it('cannot use the interactive clients for the client-credentials grant', async () => {
    expect((await clientCredentials('portal', 'x')).statusCode).toBeGreaterThanOrEqual(400);
  });
});

describe('userinfo', () => {
  it('answers the profile claims for a token asked without the product scope', async () => {
    const tokens = await signIn(t.app, { email: 'csa@portal.test', scope: 'openid email profile' });
    const response = await t.app.inject({
      method: 'GET',
      url: '/oidc/me',
      headers: { host: 'localhost:8080', ...bearer(tokens) },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      email: 'csa@portal.test',
      email_verified: true,
      given_name: 'Carla',
      family_name: 'Spaceadmin',
      company: 'Acme Devices',
      country: 'AT',
    });
    // That token is no API token.
    expect((await get('/api/v1/users/me', bearer(tokens))).statusCode).toBe(401);
  });
});

describe('unverified users', () => {
  it('are told so by the API on every call but users/me', async () => {
    const flow = new AuthorizationFlow(t.app, new InjectBrowser(t.app), { prompt: 'create' });
    const page = await flow.start();
    await flow.submit(page.page!, {
      email: 'late.verifier@example.com',
      password: 'a-long-password',
      givenName: 'Lea',
      familyName: 'Later',
      company: 'Initech',
      country: 'DE',
    });
    const tokens = await signIn(t.app, { email: 'late.verifier@example.com', password: 'a-long-password' });
    expect((await get('/api/v1/users/me', bearer(tokens))).json<User>().emailVerified).toBe(false);
    const refused = await get('/api/v1/service-accounts', bearer(tokens));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ errors: [{ errorCode: 'email_not_verified' }] });
  });
});
