import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';

/** One HTTP answer, read whole. */
export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  text(): string;
  json<T>(): T;
}

export interface RequestOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Give up after this many milliseconds (the answer is then a thrown error). */
  timeoutMs?: number;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

/**
 * Requests to a server on the loopback interface. `host` is the Host header every request carries: instances
 * behind different ports answer as one portal (its PUBLIC_URL), as they would behind a load balancer.
 */
export function client(baseUrl: string, host?: string) {
  const base = new URL(baseUrl);
  if (!['127.0.0.1', 'localhost', '::1', '[::1]'].includes(base.hostname)) {
    throw new Error(`ops scripts talk to the loopback interface only, not ${base.hostname}`);
  }
  return (path: string, options: RequestOptions = {}): Promise<Answer> =>
    new Promise((resolve, reject) => {
      const request = http.request(
        {
          agent,
          host: base.hostname,
          port: base.port,
          path,
          method: options.method ?? 'GET',
          headers: {
            host: host ?? base.host,
            ...(options.body ? { 'content-length': String(Buffer.byteLength(options.body)) } : {}),
            ...options.headers,
          },
          timeout: options.timeoutMs ?? 30_000,
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('error', reject);
          response.on('end', () => {
            const body = Buffer.concat(chunks);
            resolve({
              status: response.statusCode ?? 0,
              headers: response.headers,
              body,
              text: () => body.toString('utf8'),
              json: <T>() => JSON.parse(body.toString('utf8')) as T,
            });
          });
        },
      );
      request.on('timeout', () =>
        request.destroy(new Error(`timeout after ${options.timeoutMs ?? 30_000} ms`)),
      );
      request.on('error', reject);
      if (options.body) request.write(options.body);
      request.end();
    });
}

export type Client = ReturnType<typeof client>;

/** A browser's cookies and redirects over `client`, for the sign-in pages of the embedded provider. */
class Browser {
  constructor(
    private readonly send: Client,
    private readonly cookies = new Map<string, string>(),
  ) {}

  /** The same browser (its cookies) talking to another instance. */
  via(send: Client): Browser {
    return new Browser(send, this.cookies);
  }

  async request(method: string, url: string, form?: Record<string, string>): Promise<Answer> {
    const target = new URL(url, 'http://placeholder');
    const answer = await this.send(target.pathname + target.search, {
      method,
      headers: {
        cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: form ? new URLSearchParams(form).toString() : undefined,
    });
    for (const line of [answer.headers['set-cookie'] ?? []].flat()) {
      const [pair] = line.split(';');
      const index = pair!.indexOf('=');
      const name = pair!.slice(0, index).trim();
      const value = pair!.slice(index + 1).trim();
      if (/expires=Thu, 01 Jan 1970/i.test(line) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return answer;
  }

  /** Follows redirects until one points at `stopAt` (answered as that URL) or a page is shown. */
  async follow(answer: Answer, stopAt: string): Promise<{ page?: Answer; location?: string }> {
    let current = answer;
    for (let hops = 0; hops < 10; hops += 1) {
      const location = current.headers.location;
      if (!location || current.status < 300 || current.status >= 400) return { page: current };
      if (location.startsWith(stopAt)) return { location };
      current = await this.request('GET', location);
    }
    throw new Error('too many redirects');
  }
}

export interface Tokens {
  access_token: string;
  refresh_token?: string;
  expires_in: number;
}

/** The embedded provider's form (sign-in, or sign-up with `prompt: 'create'`) as a browser reaches it. */
async function providerForm(send: Client, publicUrl: string, prompt?: 'create') {
  const browser = new Browser(send);
  const verifier = randomBytes(32).toString('base64url');
  const state = randomBytes(8).toString('hex');
  const redirectUri = `${publicUrl}/auth/callback`;
  const params = new URLSearchParams({
    client_id: 'portal',
    response_type: 'code',
    redirect_uri: redirectUri,
    scope: 'openid email profile portal',
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    state,
    ...(prompt ? { prompt } : {}),
  });
  const page = await browser.follow(await browser.request('GET', `/oidc/auth?${params}`), redirectUri);
  const action = /<form[^>]*action="([^"]+)"/.exec(page.page?.text() ?? '')?.[1]?.replace(/&amp;/g, '&');
  if (!action) throw new Error(`no ${prompt ?? 'login'} form: ${page.page?.status}`);
  return { browser, verifier, state, redirectUri, action };
}

/**
 * Signs in through the embedded provider as a browser does (authorization code with PKCE, the login form) and
 * answers the tokens. `publicUrl` is the portal's PUBLIC_URL (the redirect URI is its /auth/callback).
 */
export async function signIn(
  send: Client,
  publicUrl: string,
  email: string,
  password = 'demo1234',
  options: { loginVia?: Client } = {},
): Promise<Tokens> {
  const { browser, verifier, state, redirectUri, action } = await providerForm(send, publicUrl);
  // The form may be sent to another instance of the same portal: the interaction lives in the database.
  const submitter = options.loginVia ? browser.via(options.loginVia) : browser;
  const done = await submitter.follow(
    await submitter.request('POST', action, { email, password }),
    redirectUri,
  );
  if (!done.location) throw new Error(`sign-in of ${email} refused: ${done.page?.status}`);
  const callback = new URL(done.location);
  if (callback.searchParams.get('state') !== state) throw new Error('state mismatch');
  const token = await send('/oidc/token', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code: callback.searchParams.get('code') ?? '',
      redirect_uri: redirectUri,
      client_id: 'portal',
      code_verifier: verifier,
    }).toString(),
  });
  if (token.status !== 200)
    throw new Error(`token exchange for ${email} failed: ${token.status} ${token.text()}`);
  return token.json<Tokens>();
}

/** Signs up through the provider's registration form; it answers "Check your email" (the account is unverified). */
export async function signUp(
  send: Client,
  publicUrl: string,
  email: string,
  password: string,
  form: Record<string, string>,
  options: { loginVia?: Client } = {},
): Promise<void> {
  const { browser, action } = await providerForm(send, publicUrl, 'create');
  const submitter = options.loginVia ? browser.via(options.loginVia) : browser;
  const answer = await submitter.request('POST', action, { email, password, ...form });
  if (answer.status !== 200 || !answer.text().includes('Check your email'))
    throw new Error(`sign-up of ${email} refused: ${answer.status}`);
}

export const bearer = (tokens: Tokens) => ({ authorization: `Bearer ${tokens.access_token}` });

export const json = (value: unknown) => ({
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(value),
});
