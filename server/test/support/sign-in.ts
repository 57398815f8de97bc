import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { DEMO_PASSWORD } from '../../src/db/demo-data.js';
import { TEST_PUBLIC_URL } from './app.js';

const HOST = new URL(TEST_PUBLIC_URL).host;

export interface Tokens {
  access_token: string;
  id_token: string;
  refresh_token?: string;
  expires_in: number;
  scope: string;
  token_type: string;
}

/** A tiny browser: keeps cookies and follows redirects inside the app through Fastify inject. */
export class InjectBrowser {
  private cookies = new Map<string, string>();

  constructor(private readonly app: FastifyInstance) {}

  async request(
    method: 'GET' | 'POST',
    url: string,
    form?: Record<string, string>,
  ): Promise<LightMyRequestResponse> {
    const target = url.startsWith('http') ? new URL(url) : new URL(url, TEST_PUBLIC_URL);
    const response = await this.app.inject({
      method,
      url: target.pathname + target.search,
      headers: {
        host: HOST,
        cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      payload: form ? new URLSearchParams(form).toString() : undefined,
    });
    for (const cookie of response.cookies as { name: string; value: string; expires?: Date }[]) {
      if (cookie.expires && cookie.expires.getTime() < Date.now()) this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
    return response;
  }

  /** Follows redirects until one leaves the app for the given prefix (the client's callback). */
  async follow(
    response: LightMyRequestResponse,
    stopAt: string,
  ): Promise<{ response: LightMyRequestResponse; location?: string }> {
    let current = response;
    for (let hops = 0; hops < 10; hops += 1) {
      const location = current.headers.location as string | undefined;
      if (!location || current.statusCode < 300 || current.statusCode >= 400) return { response: current };
      if (location.startsWith(stopAt)) return { response: current, location };
      current = await this.request('GET', location);
    }
    throw new Error('too many redirects');
  }
}

export interface SignInOptions {
  email: string;
  password?: string;
  clientId?: string;
  scope?: string;
}

/**
 * Signs in through the embedded provider exactly as a browser does: authorization request with PKCE and state,
 * the login page's form, consent, the code at the callback, and the code exchanged for tokens.
 */
export async function signIn(app: FastifyInstance, options: SignInOptions): Promise<Tokens> {
  const browser = new InjectBrowser(app);
  const redirectUri = `${TEST_PUBLIC_URL}/auth/callback`;
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const state = randomBytes(8).toString('hex');
  const clientId = options.clientId ?? 'portal';
  const params = new URLSearchParams({
    client_id: clientId,
    response_type: 'code',
    redirect_uri: redirectUri,
    scope: options.scope ?? 'openid email profile portal',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state,
  });
  const start = await browser.request('GET', `/oidc/auth?${params}`);
  const { response: loginPage } = await browser.follow(start, redirectUri);
  if (loginPage.statusCode !== 200)
    throw new Error(`no login page: ${loginPage.statusCode} ${loginPage.body}`);
  const action = /action="([^"]+)"/.exec(loginPage.body)?.[1];
  if (!action) throw new Error('login page has no form');
  const posted = await browser.request('POST', action.replace(/&amp;/g, '&'), {
    email: options.email,
    password: options.password ?? DEMO_PASSWORD,
  });
  if (posted.statusCode === 401 || posted.statusCode === 400) {
    throw new Error(`sign-in refused: ${posted.statusCode}`);
  }
  const { location } = await browser.follow(posted, redirectUri);
  if (!location) throw new Error('sign-in did not come back to the callback');
  const callback = new URL(location);
  if (callback.searchParams.get('state') !== state) throw new Error('state mismatch');
  const code = callback.searchParams.get('code');
  if (!code) throw new Error(`no code: ${location}`);

  const token = await app.inject({
    method: 'POST',
    url: '/oidc/token',
    headers: { host: HOST, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      client_id: clientId,
      code_verifier: verifier,
    }).toString(),
  });
  if (token.statusCode !== 200) throw new Error(`token exchange failed: ${token.statusCode} ${token.body}`);
  return token.json<Tokens>();
}

export const bearer = (tokens: Pick<Tokens, 'access_token'>) => ({
  authorization: `Bearer ${tokens.access_token}`,
});
