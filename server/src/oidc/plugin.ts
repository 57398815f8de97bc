import type { IncomingMessage } from 'node:http';
import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { z } from 'zod';
import type { Database } from '../db/client.js';
import { verifyPassword } from '../lib/password.js';
import { ACR_PASSWORD, INTERACTION_PATH, findIdentityAccount } from './provider.js';
import { LOGOUT_SCRIPT, LOGOUT_SCRIPT_PATH, loginPage, messagePage } from './views.js';

const MOUNT = '/oidc';

function html(reply: FastifyReply, status: number, body: string) {
  return reply
    .code(status)
    .header('Cache-Control', 'no-store')
    .header(
      'Content-Security-Policy',
      "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'",
    )
    .type('text/html; charset=utf-8')
    .send(body);
}

const loginForm = z.object({
  email: z.string().max(255).default(''),
  password: z.string().max(1024).default(''),
});

/**
 * Mounts the embedded provider at /oidc and serves its login interaction. The provider reads its own request
 * bodies, so this context parses none.
 */
export async function embeddedOidcPlugin(
  app: FastifyInstance,
  options: { provider: Provider; db: Database },
) {
  const { provider, db } = options;
  const handle = provider.callback();

  // The login page and its form post: our own pages, not the library's dev interactions.
  await app.register(async (interactions) => {
    await interactions.register(formbody, { bodyLimit: 16 * 1024 });

    const showLogin = async (
      request: FastifyRequest,
      reply: FastifyReply,
      status = 200,
      error?: string,
      email?: string,
    ) => {
      const details = await provider.interactionDetails(request.raw, reply.raw);
      if (details.prompt.name === 'consent') return finishConsent(request, reply);
      return html(
        reply,
        status,
        loginPage({
          action: `${INTERACTION_PATH}/${details.uid}/login`,
          abortUrl: `${INTERACTION_PATH}/${details.uid}/abort`,
          error,
          email,
        }),
      );
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

    interactions.get<{ Params: { uid: string } }>(
      `${INTERACTION_PATH}/:uid`,
      { schema: { hide: true } },
      async (request, reply) => showLogin(request, reply),
    );

    interactions.post<{ Params: { uid: string } }>(
      `${INTERACTION_PATH}/:uid/login`,
      { schema: { hide: true } },
      async (request, reply) => {
        const form = loginForm.safeParse(request.body ?? {});
        const email = form.success ? form.data.email.trim() : '';
        const password = form.success ? form.data.password : '';
        if (!email || !password) {
          return showLogin(request, reply, 400, 'Enter your email and password.', email);
        }
        const account = await findIdentityAccount(db, { email });
        const valid = account ? await verifyPassword(password, account.passwordHash) : false;
        if (!account || !valid) {
          return showLogin(request, reply, 401, 'The email or password is not correct.', email);
        }
        const to = await provider.interactionResult(
          request.raw,
          reply.raw,
          { login: { accountId: account.id, acr: ACR_PASSWORD, amr: ['pwd'] } },
          { mergeWithLastSubmission: false },
        );
        return reply.redirect(to, 303);
      },
    );

    interactions.get<{ Params: { uid: string } }>(
      `${INTERACTION_PATH}/:uid/abort`,
      { schema: { hide: true } },
      async (request, reply) => {
        const to = await provider.interactionResult(
          request.raw,
          reply.raw,
          { error: 'access_denied', error_description: 'The user cancelled the sign-in.' },
          { mergeWithLastSubmission: false },
        );
        return reply.redirect(to, 303);
      },
    );

    interactions.setErrorHandler(async (error, request, reply) => {
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
