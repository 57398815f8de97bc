import type { IncomingMessage } from 'node:http';
import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isDatabaseUnavailable } from '../transport/database-errors.js';
import { ApiError } from '../transport/errors.js';
import {
  createRateLimitCounter,
  reserveAttempts,
  tooManyAttempts,
  type AttemptBudget,
} from '../transport/rate-limit-store.js';
import type { Database } from '../db/client.js';
import { signInAttemptKey } from '../transport/security.js';
import type Provider from 'oidc-provider';
import QRCode from 'qrcode';
import {
  registrationSchema,
  SIGN_IN_FORM_MAX_BYTES,
  signInCodeFormSchema,
  signInFormSchema,
  totpCodeSchema,
} from '@portal/resources';
import { EmailTakenError, type IdentityStore, type SignUpMailer } from './identity-store.js';
import { ACR_MFA, ACR_PASSWORD, INTERACTION_PATH, VERIFY_EMAIL_PATH } from './provider.js';
import {
  LOGOUT_SCRIPT,
  LOGOUT_SCRIPT_PATH,
  loginPage,
  messagePage,
  registrationPage,
  totpPage,
  type RegistrationValues,
} from './views.js';

const MOUNT = '/oidc';

function html(reply: FastifyReply, status: number, body: string) {
  return reply
    .code(status)
    .header('Cache-Control', 'no-store')
    .header(
      'Content-Security-Policy',
      "default-src 'none'; style-src 'unsafe-inline'; img-src data:; form-action 'self'; frame-ancestors 'none'",
    )
    .type('text/html; charset=utf-8')
    .send(body);
}

export interface EmbeddedOidcOptions {
  provider: Provider;
  identity: IdentityStore;
  signUpMail: SignUpMailer;
  /** Where failed sign-ins are counted (shared by every instance on the database). */
  db: Database;
}

/**
 * Wrong passwords, and wrong second-factor codes, for one account from one address: this many a minute, then 429
 * until the minute is over. Only failures count: a person who signs in again and again is never held up by their
 * own successes, while guessing stops after ten wrong tries.
 */
const FAILURES = { max: 10, windowMs: 60_000 };

/**
 * Per client address, whatever the account: failed sign-ins (password spraying over many accounts) and accepted
 * sign-up forms (mass registration). Failures only count, so one address signing in often is never held up.
 */
export const ADDRESS_LIMITS = {
  signInFailures: { max: 30, windowMs: 10 * 60_000 },
  signUps: { max: 10, windowMs: 10 * 60_000 },
};

/**
 * Mounts the embedded provider at /oidc and serves its interactions: sign-in, registration, the TOTP second
 * factor and email verification. The provider reads its own request bodies, so its context parses none.
 */
export async function embeddedOidcPlugin(app: FastifyInstance, options: EmbeddedOidcOptions) {
  const { provider, identity, signUpMail } = options;
  const failures = createRateLimitCounter(options.db, {
    onPruneError: (error) => app.log.warn({ err: error }, 'removing ended rate-limit windows failed'),
  });
  /**
   * Takes one attempt from each budget up front (429 once one is spent) and gives it back unless the attempt
   * fails: only failures stay counted, and a burst of parallel guesses cannot all slip past one check.
   */
  const withAttemptBudget = async <T>(
    budgets: AttemptBudget[],
    reply: FastifyReply,
    attempt: () => Promise<{ failed: boolean; answer: T }>,
  ): Promise<T> => {
    const held = await reserveAttempts(failures, budgets, reply);
    let failed = false;
    try {
      const outcome = await attempt();
      failed = outcome.failed;
      return outcome.answer;
    } finally {
      if (!failed) await held.release();
    }
  };
  const handle = provider.callback();

  await app.register(async (interactions) => {
    await interactions.register(formbody, { bodyLimit: SIGN_IN_FORM_MAX_BYTES });

    const urls = (uid: string) => ({
      login: `${INTERACTION_PATH}/${uid}/login`,
      register: `${INTERACTION_PATH}/${uid}/register`,
      totp: `${INTERACTION_PATH}/${uid}/totp`,
      abort: `${INTERACTION_PATH}/${uid}/abort`,
    });

    const finish = async (request: FastifyRequest, reply: FastifyReply, result: Record<string, unknown>) => {
      const to = await provider.interactionResult(request.raw, reply.raw, result, {
        mergeWithLastSubmission: false,
      });
      return reply.redirect(to, 303);
    };

    const showTotp = async (
      request: FastifyRequest,
      reply: FastifyReply,
      accountId: string,
      uid: string,
      status = 200,
      error?: string,
    ) => {
      const account = await identity.findById(accountId);
      if (!account) throw new Error('account vanished');
      let enrolment;
      if (!account.totpEnabledAt) {
        const secret = await identity.enrolmentSecret(account.id);
        const qrSvg = await QRCode.toString(identity.otpauthUri(secret, account.email), {
          type: 'svg',
          margin: 1,
        });
        enrolment = { secret, qrSvg };
      }
      return html(
        reply,
        status,
        totpPage({ action: urls(uid).totp, abortUrl: urls(uid).abort, enrolment, error }),
      );
    };

    const show = async (request: FastifyRequest, reply: FastifyReply) => {
      const details = await provider.interactionDetails(request.raw, reply.raw);
      const { prompt, uid, session } = details;
      if (prompt.name === 'consent') return finishConsent(request, reply);
      if (prompt.name === 'create') {
        return html(reply, 200, registrationPage({ action: urls(uid).register, abortUrl: urls(uid).abort }));
      }
      if (prompt.reasons.includes('mfa_required') && session?.accountId) {
        return showTotp(request, reply, session.accountId, uid);
      }
      return html(reply, 200, loginPage({ action: urls(uid).login, abortUrl: urls(uid).abort }));
    };

    // First-party clients: the grant is given without a consent screen.
    const finishConsent = async (request: FastifyRequest, reply: FastifyReply) => {
      const details = await provider.interactionDetails(request.raw, reply.raw);
      const { prompt, params, session } = details;
      const grant = details.grantId
        ? await provider.Grant.find(details.grantId)
        : new provider.Grant({ accountId: session!.accountId, clientId: String(params.client_id) });
      if (!grant) throw new Error('grant vanished during the interaction');
      const missing = prompt.details as {
        missingOIDCScope?: string[];
        missingOIDCClaims?: string[];
        missingResourceScopes?: Record<string, string[]>;
      };
      if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
      if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
      for (const [indicator, scopes] of Object.entries(missing.missingResourceScopes ?? {})) {
        grant.addResourceScope(indicator, scopes.join(' '));
      }
      const grantId = await grant.save();
      const to = await provider.interactionResult(
        request.raw,
        reply.raw,
        { consent: { grantId } },
        { mergeWithLastSubmission: true },
      );
      return reply.redirect(to, 303);
    };

    const hidden = { schema: { hide: true } };
    // Sign-ups: a handful per account and address a minute, counted in the database (app.rateLimits) so every
    // instance and a restarted one share the count. Sign-in and TOTP count their failures instead (below).
    const guarded = {
      ...hidden,
      config: {
        rateLimit: {
          max: 10,
          timeWindow: '1 minute',
          keyGenerator: signInAttemptKey,
          hook: 'preHandler' as const,
        },
      },
    };
    interactions.get(`${INTERACTION_PATH}/:uid`, hidden, show);

    interactions.post(`${INTERACTION_PATH}/:uid/login`, hidden, async (request, reply) =>
      withAttemptBudget(
        [
          { namespace: 'sign-in-failures-address', key: request.ip, ...ADDRESS_LIMITS.signInFailures },
          { namespace: 'sign-in-failures', key: signInAttemptKey(request), ...FAILURES },
        ],
        reply,
        async () => {
          const details = await provider.interactionDetails(request.raw, reply.raw);
          const form = signInFormSchema.safeParse(request.body ?? {});
          const email = form.success ? form.data.email.trim() : '';
          const password = form.success ? form.data.password : '';
          const again = (status: number, error: string) =>
            html(
              reply,
              status,
              loginPage({ action: urls(details.uid).login, abortUrl: urls(details.uid).abort, error, email }),
            );
          if (!email || !password)
            return { failed: false, answer: again(400, 'Enter your email and password.') };
          const account = await identity.checkPassword(email, password);
          if (!account) return { failed: true, answer: again(401, 'The email or password is not correct.') };
          return {
            failed: false,
            answer: await finish(request, reply, {
              login: { accountId: account.id, acr: ACR_PASSWORD, amr: ['pwd'] },
            }),
          };
        },
      ),
    );

    interactions.post(`${INTERACTION_PATH}/:uid/register`, guarded, async (request, reply) => {
      const details = await provider.interactionDetails(request.raw, reply.raw);
      const body = (request.body ?? {}) as Record<string, unknown>;
      const values: RegistrationValues = Object.fromEntries(
        (['email', 'givenName', 'familyName', 'company', 'country'] as const).map((k) => [
          k,
          typeof body[k] === 'string' ? body[k] : '',
        ]),
      );
      const again = (status: number, errors: Parameters<typeof registrationPage>[0]['errors']) =>
        html(
          reply,
          status,
          registrationPage({
            action: urls(details.uid).register,
            abortUrl: urls(details.uid).abort,
            values,
            errors,
          }),
        );
      const parsed = registrationSchema.safeParse(body);
      if (!parsed.success) {
        const errors: Record<string, string> = {};
        for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
        return again(400, errors);
      }
      // Every accepted form counts against the address, whether its email is new or taken.
      const hit = await failures.hit('sign-ups-address', request.ip, ADDRESS_LIMITS.signUps.windowMs);
      if (hit.count > ADDRESS_LIMITS.signUps.max) throw tooManyAttempts(hit.ttlMs, 'sign-ups-address', reply);
      try {
        // The account and its verification mail commit together: a kill in between leaves neither.
        await identity.register(parsed.data, (tx, created) => signUpMail.verification(created, tx));
      } catch (error) {
        if (!(error instanceof EmailTakenError)) throw error;
        // The same answer as for a new account: only the address's holder learns, by mail, that it has one.
        await signUpMail.accountExists(error.account);
      }
      return html(
        reply,
        200,
        messagePage(
          'Check your email',
          `We sent a message to ${parsed.data.email}. Open the link in it to confirm your address, then sign in.`,
          { href: '/login', text: 'Sign in' },
        ),
      );
    });

    interactions.post(`${INTERACTION_PATH}/:uid/totp`, hidden, async (request, reply) => {
      const details = await provider.interactionDetails(request.raw, reply.raw);
      const accountId = details.session?.accountId;
      if (!accountId || !details.prompt.reasons.includes('mfa_required')) return show(request, reply);
      const attempt = { namespace: 'totp-failures', key: `${request.ip}|${accountId}`, ...FAILURES };
      return withAttemptBudget([attempt], reply, async () => {
        const form = signInCodeFormSchema.safeParse(request.body ?? {});
        const code = totpCodeSchema.safeParse(form.success ? form.data.code : '');
        if (!code.success) {
          const message = code.error.issues[0]!.message;
          return {
            failed: false,
            answer: await showTotp(request, reply, accountId, details.uid, 400, message),
          };
        }
        if (!(await identity.checkTotp(accountId, code.data))) {
          const message = 'The code is not correct. Try the current code.';
          return {
            failed: true,
            answer: await showTotp(request, reply, accountId, details.uid, 401, message),
          };
        }
        return {
          failed: false,
          answer: await finish(request, reply, { login: { accountId, acr: ACR_MFA, amr: ['pwd', 'otp'] } }),
        };
      });
    });

    interactions.get(`${INTERACTION_PATH}/:uid/abort`, hidden, async (request, reply) =>
      finish(request, reply, {
        error: 'access_denied',
        error_description: 'The user cancelled the sign-in.',
      }),
    );

    interactions.get<{ Querystring: { token?: string } }>(
      VERIFY_EMAIL_PATH,
      hidden,
      async (request, reply) => {
        const token = typeof request.query.token === 'string' ? request.query.token : '';
        const verified = /^[\w-]{20,100}$/.test(token) && (await identity.verifyEmail(token));
        return verified
          ? html(
              reply,
              200,
              messagePage('Email confirmed', 'Your email address is confirmed. Sign in again to continue.', {
                href: '/login',
                text: 'Sign in',
              }),
            )
          : html(
              reply,
              400,
              messagePage(
                'Link not valid',
                'This confirmation link is not valid any more. Sign in and ask for a new one.',
              ),
            );
      },
    );

    interactions.setErrorHandler(async (error, request, reply) => {
      if (error instanceof ApiError && error.status === 429) {
        return html(reply, 429, messagePage('Too many attempts', error.message));
      }
      // The database (the accounts, the sessions, the rate limits' counts) is briefly out of reach.
      if (isDatabaseUnavailable(error)) {
        request.log.warn({ err: error }, 'sign-in interaction failed: database unavailable');
        reply.header('Retry-After', '5');
        return html(
          reply,
          503,
          messagePage(
            'Try again in a moment',
            'The sign-in service is briefly unavailable. Try again in a moment.',
          ),
        );
      }
      request.log.warn({ err: error }, 'sign-in interaction failed');
      const expired = (error as { name?: string }).name === 'SessionNotFound';
      return html(
        reply,
        400,
        messagePage(
          'Sign-in expired',
          expired
            ? 'This sign-in page has expired. Go back to the portal and sign in again.'
            : 'The sign-in could not be completed. Go back to the portal and try again.',
        ),
      );
    });
  });

  app.get(LOGOUT_SCRIPT_PATH, { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('text/javascript; charset=utf-8')
      .header('Cache-Control', 'public, max-age=3600')
      .send(LOGOUT_SCRIPT),
  );

  // Everything else under /oidc belongs to the provider, which reads the raw request itself.
  await app.register(async (mounted) => {
    mounted.removeAllContentTypeParsers();
    mounted.addContentTypeParser('*', (_request, _payload, done) => done(null));
    const forward = async (request: FastifyRequest, reply: FastifyReply) => {
      reply.hijack();
      const raw = request.raw as IncomingMessage & { originalUrl?: string };
      raw.originalUrl = raw.url;
      raw.url = raw.url!.slice(MOUNT.length) || '/';
      await handle(raw, reply.raw);
    };
    mounted.all(MOUNT, { schema: { hide: true } }, forward);
    mounted.all(`${MOUNT}/*`, { schema: { hide: true } }, forward);
  });
}
