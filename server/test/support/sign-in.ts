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

  constructor(
    private readonly app: FastifyInstance,
    readonly host = HOST,
    /** The client address the requests come from (Fastify inject's default is 127.0.0.1). */
    readonly remoteAddress?: string,
    /** Sent with every request (the forwarded headers a proxy adds). */
    private readonly headers: Record<string, string> = {},
  ) {}

  async request(
    method: 'GET' | 'POST',
    url: string,
    form?: Record<string, string>,
  ): Promise<LightMyRequestResponse> {
    const target = url.startsWith('http') ? new URL(url) : new URL(url, `http://${this.host}`);
    const response = await this.app.inject({
      method,
      url: target.pathname + target.search,
      headers: {
        ...this.headers,
        host: this.host,
        cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      payload: form ? new URLSearchParams(form).toString() : undefined,
      ...(this.remoteAddress ? { remoteAddress: this.remoteAddress } : {}),
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

export interface AuthorizeOptions {
  clientId?: string;
  /** The provider's host when its public URL is not the test default. */
  hostOverride?: string;
  scope?: string;
  prompt?: string;
  acrValues?: string;
}

export type FlowStep =
  { page: LightMyRequestResponse; callback?: undefined } | { page?: undefined; callback: URL };

/**
 * One authorization code flow with PKCE and state, as a browser runs it; reuse the browser for single sign-on
 * and step-up.
 */
export class AuthorizationFlow {
  readonly redirectUri: string;
  private readonly verifier = randomBytes(32).toString('base64url');
  private readonly state = randomBytes(8).toString('hex');
  readonly clientId: string;

  constructor(
    private readonly app: FastifyInstance,
    readonly browser: InjectBrowser,
    private readonly options: AuthorizeOptions = {},
  ) {
    this.clientId = options.clientId ?? 'portal';
    this.redirectUri = `http://${browser.host}/auth/callback`;
  }

  private async settle(response: LightMyRequestResponse): Promise<FlowStep> {
    const { response: last, location } = await this.browser.follow(response, this.redirectUri);
    return location ? { callback: new URL(location) } : { page: last };
  }

  async start(): Promise<FlowStep> {
    const params = new URLSearchParams({
      client_id: this.clientId,
      response_type: 'code',
      redirect_uri: this.redirectUri,
      scope: this.options.scope ?? 'openid email profile portal',
      code_challenge: createHash('sha256').update(this.verifier).digest('base64url'),
      code_challenge_method: 'S256',
      state: this.state,
      ...(this.options.prompt ? { prompt: this.options.prompt } : {}),
      ...(this.options.acrValues ? { acr_values: this.options.acrValues } : {}),
    });
    return this.settle(await this.browser.request('GET', `/oidc/auth?${params}`));
  }

  /** Submits the (only) form of a page. */
  async submit(page: LightMyRequestResponse, form: Record<string, string>): Promise<FlowStep> {
    const action = /<form[^>]*action="([^"]+)"/.exec(page.body)?.[1];
    if (!action) throw new Error(`page has no form: ${page.body.slice(0, 200)}`);
    return this.settle(await this.browser.request('POST', action.replace(/&amp;/g, '&'), form));
  }

  async exchange(callback: URL): Promise<Tokens> {
    if (callback.searchParams.get('state') !== this.state) throw new Error('state mismatch');
    const code = callback.searchParams.get('code');
    if (!code) throw new Error(`no code: ${callback.href}`);
    const token = await this.app.inject({
      method: 'POST',
      url: '/oidc/token',
      headers: { host: this.browser.host, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: this.redirectUri,
        client_id: this.clientId,
        code_verifier: this.verifier,
      }).toString(),
    });
    if (token.statusCode !== 200) throw new Error(`token exchange failed: ${token.statusCode} ${token.body}`);
    return token.json<Tokens>();
  }
}

export interface SignInOptions extends AuthorizeOptions {
  email: string;
  password?: string;
  browser?: InjectBrowser;
}

/**
 * Signs in through the embedded provider exactly as a browser does: authorization request with PKCE and state,
 * the login page's form, consent, the code at the callback, and the code exchanged for tokens.
 */
export async function signIn(app: FastifyInstance, options: SignInOptions): Promise<Tokens> {
  const flow = new AuthorizationFlow(
    app,
    options.browser ?? new InjectBrowser(app, options.hostOverride),
    options,
  );
  const first = await flow.start();
  if (!first.page) throw new Error('expected the login page');
  const step = await flow.submit(first.page, {
    email: options.email,
    password: options.password ?? DEMO_PASSWORD,
  });
  if (step.page) throw new Error(`sign-in refused: ${step.page.statusCode}`);
  return flow.exchange(step.callback);
}

export const bearer = (tokens: Pick<Tokens, 'access_token'>) => ({
  authorization: `Bearer ${tokens.access_token}`,
});

export const claimsOf = (jwt: string): Record<string, unknown> =>
  JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;

/** The bearer headers of an admin, an internal user and a customer of the demo data. */
export async function demoRoleHeaders(
  app: FastifyInstance,
): Promise<Record<'admin' | 'internal' | 'customer', { authorization: string }>> {
  const [admin, internal, customer] = await Promise.all(
    ['admin@portal.test', 'internal@portal.test', 'customer@portal.test'].map(async (email) =>
      bearer(await signIn(app, { email })),
    ),
  );
  return { admin: admin!, internal: internal!, customer: customer! };
}
