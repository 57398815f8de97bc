import { createHash, randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT, exportJWK, generateKeyPair, jwtVerify, type JWK, type JWTPayload } from 'jose';

/**
 * An OpenID Connect provider that is not the portal's own (oidc-provider): a small standards-following one on
 * `jose` and node:http, shaped like the providers companies run. Code flow with PKCE (S256 only), single-use
 * codes, refresh tokens, userinfo, and RP-initiated logout where the shape has it. Loopback only.
 */
export const FOREIGN_SHAPES = ['keycloak', 'auth0', 'entra', 'okta', 'google'] as const;
export type ForeignShape = (typeof FOREIGN_SHAPES)[number];

export interface ForeignUser {
  /** What the person types on the provider's sign-in page. */
  login: string;
  id: string;
  email: string;
  givenName: string;
  familyName: string;
}

const ENTRA_TENANT = '72f988bf-86f1-41af-91ab-2d7cd011db47';
/** Microsoft Graph's application id: the only audience Entra's userinfo accepts. */
const GRAPH_AUDIENCE = '00000003-0000-0000-c000-000000000000';

interface Shape {
  /** The issuer's path on the main origin, exactly as the provider writes it (Auth0's `/`). */
  issuerPath: string;
  /** Endpoint paths; `other:` puts one on the second origin (Entra's userinfo on Graph, Google's token host). */
  paths: { authorize: string; token: string; userinfo: string; jwks: string; endSession?: string };
  /** The API audience the portal is configured with, and the `aud` the access token carries. */
  audience: string;
  aud: (issuer: string, audience: string) => string | string[];
  /** The access token's own claims besides iss, sub, aud, exp, iat. */
  accessClaims: (user: ForeignUser, clientId: string) => Record<string, unknown>;
  /** The subject the tokens name (Okta's access token names the login, its ID token and userinfo the id). */
  accessSubject: (user: ForeignUser) => string;
  userinfo: (user: ForeignUser) => Record<string, unknown>;
  /** Userinfo accepts only tokens for this audience (Entra: Graph); otherwise any token of this provider. */
  userinfoAudience?: string;
  claimsSupported: string[];
  /** The portal's variables for this provider, besides OIDC_ISSUER and OIDC_AUDIENCE. */
  env: Record<string, string>;
}

const profile = (user: ForeignUser) => ({
  email: user.email,
  email_verified: true,
  given_name: user.givenName,
  family_name: user.familyName,
  name: `${user.givenName} ${user.familyName}`,
});
const STANDARD_CLAIMS = ['sub', 'iss', 'aud', 'exp', 'iat', 'name', 'given_name', 'family_name', 'email'];

const SHAPES: Record<ForeignShape, Shape> = {
  // Realm issuer path, `aud` an array with `account`, realm roles in the token (which the portal ignores).
  keycloak: {
    issuerPath: '/realms/portal',
    paths: {
      authorize: '/realms/portal/protocol/openid-connect/auth',
      token: '/realms/portal/protocol/openid-connect/token',
      userinfo: '/realms/portal/protocol/openid-connect/userinfo',
      jwks: '/realms/portal/protocol/openid-connect/certs',
      endSession: '/realms/portal/protocol/openid-connect/logout',
    },
    audience: 'portal-api',
    aud: (_issuer, audience) => [audience, 'account'],
    accessClaims: (user, clientId) => ({
      ...profile(user),
      preferred_username: user.login,
      azp: clientId,
      typ: 'Bearer',
      realm_access: { roles: ['admin', 'offline_access'] },
      resource_access: { account: { roles: ['manage-account'] } },
      roles: ['admin'],
    }),
    accessSubject: (user) => user.id,
    userinfo: (user) => ({ ...profile(user), preferred_username: user.login }),
    claimsSupported: [...STANDARD_CLAIMS, 'email_verified', 'preferred_username'],
    env: { OIDC_PROVIDER: 'keycloak' },
  },
  // Issuer with a trailing slash; the access token carries no profile, userinfo does.
  auth0: {
    issuerPath: '/',
    paths: {
      authorize: '/authorize',
      token: '/oauth/token',
      userinfo: '/userinfo',
      jwks: '/.well-known/jwks.json',
      endSession: '/oidc/logout',
    },
    audience: 'https://portal-api.example.com',
    aud: (issuer, audience) => [audience, `${issuer}userinfo`],
    accessClaims: (_user, clientId) => ({ azp: clientId }),
    accessSubject: (user) => `auth0|${user.id}`,
    userinfo: (user) => ({ ...profile(user), nickname: user.login }),
    claimsSupported: [...STANDARD_CLAIMS, 'email_verified', 'nickname'],
    env: { OIDC_PROVIDER: 'auth0' },
  },
  // v2 issuer with the tenant id; no email, no email_verified, only `name` and `preferred_username` in the
  // access token; userinfo on another origin (Graph), which refuses a token made for the portal's API.
  entra: {
    issuerPath: `/${ENTRA_TENANT}/v2.0`,
    paths: {
      authorize: `/${ENTRA_TENANT}/oauth2/v2.0/authorize`,
      token: `/${ENTRA_TENANT}/oauth2/v2.0/token`,
      userinfo: 'other:/oidc/userinfo',
      jwks: `/${ENTRA_TENANT}/discovery/v2.0/keys`,
      endSession: `/${ENTRA_TENANT}/oauth2/v2.0/logout`,
    },
    audience: '6e74172b-be56-4843-9ff4-e66a39bb12e3',
    aud: (_issuer, audience) => audience,
    accessClaims: (user, clientId) => ({
      azp: clientId,
      name: `${user.familyName}, ${user.givenName}`,
      preferred_username: user.email,
      oid: user.id,
      tid: ENTRA_TENANT,
      scp: 'access_as_user',
      ver: '2.0',
      roles: ['Portal.Admin'],
    }),
    accessSubject: (user) => user.id,
    userinfo: (user) => ({
      sub: user.id,
      name: `${user.familyName}, ${user.givenName}`,
      given_name: user.givenName,
      family_name: user.familyName,
      email: user.email,
    }),
    userinfoAudience: GRAPH_AUDIENCE,
    claimsSupported: ['sub', 'iss', 'aud', 'exp', 'iat', 'preferred_username', 'name', 'tid', 'ver', 'email'],
    env: { OIDC_PROVIDER: 'entra', OIDC_TRUST_EMAIL: 'example.com' },
  },
  // A custom authorization server: the access token names the login as `sub` and the user id as `uid`.
  okta: {
    issuerPath: '/oauth2/default',
    paths: {
      authorize: '/oauth2/default/v1/authorize',
      token: '/oauth2/default/v1/token',
      userinfo: '/oauth2/default/v1/userinfo',
      jwks: '/oauth2/default/v1/keys',
    },
    audience: 'api://default',
    aud: (_issuer, audience) => audience,
    accessClaims: (user, clientId) => ({ cid: clientId, uid: user.id, scp: ['openid', 'email', 'profile'] }),
    accessSubject: (user) => user.email,
    userinfo: (user) => ({ ...profile(user), preferred_username: user.email }),
    claimsSupported: [...STANDARD_CLAIMS, 'email_verified', 'preferred_username'],
    env: { OIDC_PROVIDER: 'okta' },
  },
  // Bare-origin issuer; token and userinfo on other hosts; no end-session endpoint.
  google: {
    issuerPath: '',
    paths: {
      authorize: '/o/oauth2/v2/auth',
      token: 'other:/token',
      userinfo: 'other:/v1/userinfo',
      jwks: '/oauth2/v3/certs',
    },
    audience: 'portal-api.apps.example.com',
    aud: (_issuer, audience) => audience,
    accessClaims: (_user, clientId) => ({ azp: clientId }),
    accessSubject: (user) => user.id,
    userinfo: (user) => ({ ...profile(user), picture: 'https://example.com/a.png' }),
    claimsSupported: [...STANDARD_CLAIMS, 'email_verified', 'picture'],
    env: { OIDC_PROVIDER: 'google' },
  },
};

export interface ForeignProviderOptions {
  shape: ForeignShape;
  /** The client id the portal's apps use. */
  clientId?: string;
  /** Origins whose `/auth/callback` and `/welcome` are registered as redirect and post-logout addresses. */
  portalOrigins: string[];
  users?: ForeignUser[];
  /** Seconds an access token lives. */
  accessTokenSeconds?: number;
}

export interface ForeignTokens {
  access_token: string;
  id_token: string;
  refresh_token: string;
  expires_in: number;
}

export interface ForeignProvider {
  shape: ForeignShape;
  /** Exactly as the discovery document and the tokens write it. */
  issuer: string;
  audience: string;
  clientId: string;
  /** The second origin (Entra's Graph, Google's token and userinfo hosts). */
  otherOrigin: string;
  users: ForeignUser[];
  /** The portal's OIDC_* variables for this provider. */
  env: Record<string, string>;
  /** Userinfo requests answered or refused so far, per access token. */
  userinfoCalls: Map<string, number>;
  /** Every value in the discovery document can be changed before the portal reads it (attacker tests). */
  discovery: Record<string, unknown>;
  /** The code flow as a browser runs it, over HTTP: authorize, the sign-in form, the code, the token exchange. */
  signIn(login: string, portalOrigin: string): Promise<ForeignTokens>;
  /** A token signed with this provider's key, shaped as its access tokens, with `changes` applied (undefined drops). */
  accessToken(login: string, changes?: Record<string, unknown>): Promise<string>;
  /** Userinfo answers this for a login instead (attacker tests); null restores it. */
  setUserinfo(login: string, answer: Record<string, unknown> | null): void;
  close(): Promise<void>;
}

export const FOREIGN_USERS: ForeignUser[] = [
  {
    login: 'ada',
    id: 'f1b4e0b2-3c57-4d0e-9d9d-0a5f1c2b7e11',
    email: 'ada@example.com',
    givenName: 'Ada',
    familyName: 'Lovelace',
  },
  {
    login: 'grace',
    id: '0a0d8e54-2f5a-4c4f-8d1b-6f0c9e3d2a22',
    email: 'grace@other.example.org',
    givenName: 'Grace',
    familyName: 'Hopper',
  },
];

const base64url = (bytes: Buffer) => bytes.toString('base64url');
const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

async function readForm(request: http.IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

function listen(server: http.Server): Promise<string> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
    ),
  );
}

/** Starts a provider of the given shape on two loopback ports. */
export async function startForeignProvider(options: ForeignProviderOptions): Promise<ForeignProvider> {
  const shape = SHAPES[options.shape];
  const clientId = options.clientId ?? 'portal-spa';
  const users = options.users ?? FOREIGN_USERS;
  const lifetime = options.accessTokenSeconds ?? 300;
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const kid = randomUUID();
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };

  const main = http.createServer();
  const other = http.createServer();
  const mainOrigin = await listen(main);
  const otherOrigin = await listen(other);
  const issuer = `${mainOrigin}${shape.issuerPath}`;
  const at = (path: string) =>
    path.startsWith('other:') ? `${otherOrigin}${path.slice(6)}` : `${mainOrigin}${path}`;

  const discovery: Record<string, unknown> = {
    issuer,
    authorization_endpoint: at(shape.paths.authorize),
    token_endpoint: at(shape.paths.token),
    userinfo_endpoint: at(shape.paths.userinfo),
    jwks_uri: at(shape.paths.jwks),
    ...(shape.paths.endSession ? { end_session_endpoint: at(shape.paths.endSession) } : {}),
    response_types_supported: ['code'],
    subject_types_supported: ['public'],
    id_token_signing_alg_values_supported: ['RS256'],
    code_challenge_methods_supported: ['S256'],
    grant_types_supported: ['authorization_code', 'refresh_token'],
    token_endpoint_auth_methods_supported: ['none'],
    scopes_supported: ['openid', 'email', 'profile', 'offline_access'],
    claims_supported: shape.claimsSupported,
  };

  const codes = new Map<
    string,
    { login: string; redirectUri: string; challenge: string; nonce?: string; scope: string }
  >();
  const refreshTokens = new Map<string, string>();
  const userinfoCalls = new Map<string, number>();
  const userinfoOverrides = new Map<string, Record<string, unknown>>();
  const userOf = (login: string) => {
    const user = users.find((u) => u.login === login);
    if (!user) throw new Error(`no foreign user ${login}`);
    return user;
  };
  const registered = (uri: string, path: string) =>
    URL.canParse(uri) && options.portalOrigins.some((origin) => uri === `${origin}${path}`);

  const sign = (payload: JWTPayload, audience: string | string[], subject: string) =>
    new SignJWT(payload)
      .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
      .setIssuer(issuer)
      .setSubject(subject)
      .setAudience(audience)
      .setIssuedAt()
      .setExpirationTime(`${lifetime}s`)
      .sign(privateKey);

  const accessToken = async (login: string, changes: Record<string, unknown> = {}) => {
    const user = userOf(login);
    const payload: Record<string, unknown> = {
      iss: issuer,
      sub: shape.accessSubject(user),
      aud: shape.aud(issuer, shape.audience),
      iat: Math.floor(Date.now() / 1000),
      exp: Math.floor(Date.now() / 1000) + lifetime,
      jti: randomUUID(),
      scope: 'openid email profile',
      ...shape.accessClaims(user, clientId),
      ...changes,
    };
    for (const [key, value] of Object.entries(payload)) if (value === undefined) delete payload[key];
    return new SignJWT(payload as JWTPayload)
      .setProtectedHeader({ alg: 'RS256', kid, typ: 'at+jwt' })
      .sign(privateKey);
  };

  async function issueTokens(login: string, nonce: string | undefined): Promise<ForeignTokens> {
    const user = userOf(login);
    const refresh = base64url(randomBytes(24));
    refreshTokens.set(refresh, login);
    const idSubject = options.shape === 'okta' ? user.id : shape.accessSubject(user);
    const idClaims: JWTPayload = {
      ...(options.shape === 'entra' ? {} : profile(user)),
      ...(options.shape === 'entra'
        ? { preferred_username: user.email, name: `${user.familyName}, ${user.givenName}` }
        : {}),
      auth_time: Math.floor(Date.now() / 1000),
      ...(nonce ? { nonce } : {}),
    };
    return {
      access_token: await accessToken(login),
      id_token: await sign(idClaims, clientId, idSubject),
      refresh_token: refresh,
      expires_in: lifetime,
    };
  }

  const send = (
    response: http.ServerResponse,
    status: number,
    body: unknown,
    headers: Record<string, string> = {},
  ) => {
    response.writeHead(status, {
      'content-type': 'application/json',
      'cache-control': 'no-store',
      ...headers,
    });
    response.end(JSON.stringify(body));
  };
  const oauthError = (response: http.ServerResponse, error: string, status = 400) =>
    send(response, status, { error, error_description: error });

  async function authorize(request: http.IncomingMessage, response: http.ServerResponse, url: URL) {
    const params = request.method === 'POST' ? await readForm(request) : url.searchParams;
    const redirectUri = params.get('redirect_uri') ?? '';
    if (params.get('client_id') !== clientId || !registered(redirectUri, '/auth/callback')) {
      return oauthError(response, 'invalid_client');
    }
    const back = new URL(redirectUri);
    const state = params.get('state');
    if (state) back.searchParams.set('state', state);
    const challenge = params.get('code_challenge');
    if (
      params.get('response_type') !== 'code' ||
      !challenge ||
      params.get('code_challenge_method') !== 'S256'
    ) {
      back.searchParams.set('error', 'invalid_request');
      response.writeHead(302, { location: back.href }).end();
      return;
    }
    const login = params.get('login');
    if (request.method !== 'POST' || !login) {
      const hidden = [...params]
        .filter(([name]) => name !== 'login')
        .map(
          ([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`,
        )
        .join('');
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(
        `<!doctype html><title>Foreign sign-in (${options.shape})</title><h1>Sign in to ${options.shape}</h1>` +
          `<form method="post" action="${escapeHtml(url.pathname)}">${hidden}` +
          `<label>Login <input name="login" autocomplete="username"></label><button type="submit">Continue</button></form>`,
      );
      return;
    }
    if (!users.some((u) => u.login === login)) {
      back.searchParams.set('error', 'access_denied');
    } else {
      const code = base64url(randomBytes(24));
      codes.set(code, {
        login,
        redirectUri,
        challenge,
        nonce: params.get('nonce') ?? undefined,
        scope: params.get('scope') ?? 'openid',
      });
      back.searchParams.set('code', code);
    }
    response.writeHead(302, { location: back.href }).end();
  }

  async function token(request: http.IncomingMessage, response: http.ServerResponse) {
    const form = await readForm(request);
    if (form.get('client_id') !== clientId) return oauthError(response, 'invalid_client', 401);
    if (form.get('grant_type') === 'authorization_code') {
      const code = form.get('code') ?? '';
      const grant = codes.get(code);
      codes.delete(code);
      const verifier = form.get('code_verifier') ?? '';
      const challenge = createHash('sha256').update(verifier).digest('base64url');
      if (!grant || grant.redirectUri !== form.get('redirect_uri') || grant.challenge !== challenge) {
        return oauthError(response, 'invalid_grant');
      }
      return send(response, 200, {
        ...(await issueTokens(grant.login, grant.nonce)),
        token_type: 'Bearer',
        scope: grant.scope,
      });
    }
    if (form.get('grant_type') === 'refresh_token') {
      const presented = form.get('refresh_token') ?? '';
      const login = refreshTokens.get(presented);
      refreshTokens.delete(presented);
      if (!login) return oauthError(response, 'invalid_grant');
      return send(response, 200, { ...(await issueTokens(login, undefined)), token_type: 'Bearer' });
    }
    return oauthError(response, 'unsupported_grant_type');
  }

  async function userinfo(request: http.IncomingMessage, response: http.ServerResponse) {
    const presented = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (presented) userinfoCalls.set(presented, (userinfoCalls.get(presented) ?? 0) + 1);
    const refuse = () =>
      send(response, 401, { error: 'invalid_token' }, { 'www-authenticate': 'Bearer error="invalid_token"' });
    if (!presented) return refuse();
    let claims: JWTPayload;
    try {
      ({ payload: claims } = await jwtVerify(presented, publicKey, {
        issuer,
        ...(shape.userinfoAudience ? { audience: shape.userinfoAudience } : {}),
      }));
    } catch {
      return refuse();
    }
    const user = users.find((u) => shape.accessSubject(u) === claims.sub);
    if (!user) return refuse();
    const answer = userinfoOverrides.get(user.login) ?? {
      sub: options.shape === 'okta' ? user.id : shape.accessSubject(user),
      ...shape.userinfo(user),
    };
    return send(response, 200, answer);
  }

  function endSession(response: http.ServerResponse, url: URL) {
    const back = url.searchParams.get('post_logout_redirect_uri');
    if (back && registered(back, '/welcome')) {
      response.writeHead(302, { location: back }).end();
      return;
    }
    response
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      .end('<!doctype html><p>Signed out.</p>');
  }

  const route = (origin: string) => async (request: http.IncomingMessage, response: http.ServerResponse) => {
    // The browser reads discovery and calls the token and userinfo endpoints from the portal's origin.
    response.setHeader('access-control-allow-origin', '*');
    // No kept-alive sockets: a client reusing one the server just timed out reads ECONNRESET on a busy machine.
    response.setHeader('connection', 'close');
    if (request.method === 'OPTIONS') {
      response.writeHead(204, {
        'access-control-allow-methods': 'GET, POST',
        'access-control-allow-headers': 'authorization, content-type',
      });
      response.end();
      return;
    }
    const url = new URL(request.url ?? '/', origin);
    const here = (path: string | undefined) => path !== undefined && at(path) === `${origin}${url.pathname}`;
    try {
      if (`${origin}${url.pathname}` === `${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`) {
        return send(response, 200, discovery);
      }
      if (here(shape.paths.jwks)) return send(response, 200, { keys: [jwk] });
      if (here(shape.paths.authorize)) return await authorize(request, response, url);
      if (here(shape.paths.token) && request.method === 'POST') return await token(request, response);
      if (here(shape.paths.userinfo)) return await userinfo(request, response);
      if (here(shape.paths.endSession)) return endSession(response, url);
      send(response, 404, { error: 'not_found' });
    } catch (error) {
      send(response, 500, { error: 'server_error', error_description: String(error) });
    }
  };
  main.on('request', (request, response) => void route(mainOrigin)(request, response));
  other.on('request', (request, response) => void route(otherOrigin)(request, response));

  return {
    shape: options.shape,
    issuer,
    audience: shape.audience,
    clientId,
    otherOrigin,
    users,
    discovery,
    env: { OIDC_ISSUER: issuer, OIDC_AUDIENCE: shape.audience, OIDC_CLIENT_ID: clientId, ...shape.env },
    userinfoCalls,
    accessToken,
    setUserinfo(login, answer) {
      if (answer) userinfoOverrides.set(login, answer);
      else userinfoOverrides.delete(login);
    },

    async signIn(login, portalOrigin) {
      const verifier = base64url(randomBytes(32));
      const query = new URLSearchParams({
        client_id: clientId,
        redirect_uri: `${portalOrigin}/auth/callback`,
        response_type: 'code',
        scope: 'openid email profile offline_access',
        state: base64url(randomBytes(8)),
        code_challenge: createHash('sha256').update(verifier).digest('base64url'),
        code_challenge_method: 'S256',
      });
      const authorizeUrl = at(shape.paths.authorize);
      const page = await fetch(`${authorizeUrl}?${query}`);
      if (!(await page.text()).includes('name="login"')) throw new Error('no sign-in form');
      const consent = await fetch(authorizeUrl, {
        method: 'POST',
        body: new URLSearchParams([...query, ['login', login]]),
        redirect: 'manual',
      });
      const code = new URL(consent.headers.get('location') ?? '').searchParams.get('code');
      if (!code) throw new Error(`no code: ${consent.headers.get('location')}`);
      const answer = await fetch(at(shape.paths.token), {
        method: 'POST',
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          client_id: clientId,
          code,
          redirect_uri: `${portalOrigin}/auth/callback`,
          code_verifier: verifier,
        }),
      });
      if (!answer.ok) throw new Error(`token endpoint answered ${answer.status}: ${await answer.text()}`);
      return (await answer.json()) as ForeignTokens;
    },

    async close() {
      main.closeAllConnections();
      other.closeAllConnections();
      await Promise.all([
        new Promise((resolve) => main.close(resolve)),
        new Promise((resolve) => other.close(resolve)),
      ]);
    },
  };
}
