import { User, type UserManagerSettings } from 'oidc-client-ts';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PortalConfig } from './config';
import {
  AUTHENTICATION_TYPE_KEY,
  REDIRECT_AFTER_LOGIN_KEY,
  Session,
  createSession,
  toSafeRedirectTarget,
  type SessionOptions,
  type SessionUserManager,
} from './session';

const config: PortalConfig = {
  apiUrl: 'http://portal.test/api/v1',
  oidc: {
    authority: 'http://portal.test/oidc',
    clientId: 'portal',
    mfaClientId: 'portal-mfa',
    scope: 'openid email profile portal',
    loadUserInfo: false,
    mfaAcrValues: 'urn:portal:acr:mfa',
  },
};

class MemoryStorage implements Storage {
  private readonly values = new Map<string, string>();
  get length() {
    return this.values.size;
  }
  clear() {
    this.values.clear();
  }
  getItem(key: string) {
    return this.values.get(key) ?? null;
  }
  key(index: number) {
    return [...this.values.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.values.delete(key);
  }
  setItem(key: string, value: string) {
    this.values.set(key, value);
  }
}

function makeUser(clientId: string, { expiresIn = 300, refreshToken = 'refresh' } = {}): User {
  const now = Math.floor(Date.now() / 1000);
  return new User({
    access_token: `access-${clientId}-${Math.random()}`,
    id_token: `id-${clientId}`,
    refresh_token: refreshToken || undefined,
    token_type: 'Bearer',
    profile: { sub: 'user-1', iss: config.oidc.authority, aud: clientId, exp: now + expiresIn, iat: now },
    expires_at: now + expiresIn,
  });
}

/** Mimics the parts of UserManager the session uses, including its user events. */
class FakeUserManager {
  stored: User | null = null;
  private readonly handlers = {
    loaded: new Set<(user: User) => void>(),
    unloaded: new Set<() => void>(),
    expired: new Set<() => void>(),
  };
  readonly events = {
    addUserLoaded: (cb: (user: User) => void) => this.add(this.handlers.loaded, cb),
    addUserUnloaded: (cb: () => void) => this.add(this.handlers.unloaded, cb),
    addAccessTokenExpired: (cb: () => void) => this.add(this.handlers.expired, cb),
    addSilentRenewError: () => () => undefined,
  };
  readonly signinRedirect = vi.fn(async (_args?: unknown) => undefined);
  readonly signoutRedirect = vi.fn(async (_args?: unknown) => undefined);
  readonly clearStaleState = vi.fn(async () => undefined);
  readonly signinRedirectCallback = vi.fn(async (_url?: string) =>
    this.load(makeUser(this.settings.client_id)),
  );
  readonly signinSilent = vi.fn(async (): Promise<User | null> =>
    this.load(makeUser(this.settings.client_id)),
  );

  constructor(readonly settings: UserManagerSettings) {}

  async getUser() {
    return this.stored;
  }
  async removeUser() {
    this.stored = null;
    this.handlers.unloaded.forEach((cb) => cb());
  }
  load(user: User) {
    this.stored = user;
    this.handlers.loaded.forEach((cb) => cb(user));
    return user;
  }
  expire() {
    if (this.stored) this.stored.expires_at = Math.floor(Date.now() / 1000) - 10;
    this.fireAccessTokenExpired();
  }
  fireAccessTokenExpired() {
    this.handlers.expired.forEach((cb) => cb());
  }
  private add<T>(set: Set<T>, cb: T) {
    set.add(cb);
    return () => void set.delete(cb);
  }
}

let storage: MemoryStorage;
let managers: { NORMAL: FakeUserManager; MFA: FakeUserManager };
let navigate: ReturnType<typeof vi.fn<(url: string) => void>>;
let callbackCount = 0;

function options(): SessionOptions {
  return {
    origin: 'http://portal.test',
    storage,
    navigate,
    createUserManager: (settings) => {
      const manager = new FakeUserManager(settings);
      if (settings.client_id === 'portal-mfa') managers.MFA = manager;
      else managers.NORMAL = manager;
      return manager as unknown as SessionUserManager;
    },
  };
}

/** Builds the session with users already in the managers' stores, as after a page reload. */
async function startSession(stored: { NORMAL?: User; MFA?: User } = {}): Promise<Session> {
  const session = new Session(config, options());
  if (stored.NORMAL) managers.NORMAL.stored = stored.NORMAL;
  if (stored.MFA) managers.MFA.stored = stored.MFA;
  await session.start();
  return session;
}

const nextCallbackUrl = () => `http://portal.test/auth/callback?code=c${++callbackCount}&state=s`;
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  storage = new MemoryStorage();
  navigate = vi.fn<(url: string) => void>();
  managers = {} as typeof managers;
});

describe('Session settings', () => {
  it('configures both clients per spec §9, with acr_values only on the MFA client', async () => {
    await createSession(config, options());
    expect(managers.NORMAL.settings).toMatchObject({
      authority: 'http://portal.test/oidc',
      client_id: 'portal',
      redirect_uri: 'http://portal.test/auth/callback',
      post_logout_redirect_uri: 'http://portal.test/welcome',
      response_type: 'code',
      scope: 'openid email profile portal',
      loadUserInfo: false,
      automaticSilentRenew: true,
      accessTokenExpiringNotificationTimeInSeconds: 60,
      silentRequestTimeoutInSeconds: 10,
      staleStateAgeInSeconds: 900,
      checkSessionIntervalInSeconds: 2,
    });
    expect(managers.NORMAL.settings.acr_values).toBeUndefined();
    expect(managers.MFA.settings).toMatchObject({
      client_id: 'portal-mfa',
      acr_values: 'urn:portal:acr:mfa',
    });
    const filtered = managers.MFA.settings.filterProtocolClaims as string[];
    expect(filtered).not.toContain('acr');
    expect(filtered).not.toContain('amr');
  });
});

describe('signIn', () => {
  it('stores NORMAL and the redirect target, then redirects with the normal client', async () => {
    const session = await startSession();
    await session.signIn({ redirectTo: '/my/projects/42' });
    expect(storage.getItem(AUTHENTICATION_TYPE_KEY)).toBe('NORMAL');
    expect(storage.getItem(REDIRECT_AFTER_LOGIN_KEY)).toBe('/my/projects/42');
    expect(managers.NORMAL.signinRedirect).toHaveBeenCalledWith(undefined);
    expect(managers.MFA.signinRedirect).not.toHaveBeenCalled();
  });

  it('uses the MFA client for a step-up sign-in', async () => {
    const session = await startSession();
    await session.signIn({ mfa: true });
    expect(session.authenticationType).toBe('MFA');
    expect(managers.MFA.signinRedirect).toHaveBeenCalledOnce();
  });

  it('asks for prompt=create for a registration', async () => {
    const session = await startSession();
    await session.signIn({ register: true });
    expect(session.authenticationType).toBe('NORMAL');
    expect(managers.NORMAL.signinRedirect).toHaveBeenCalledWith({ prompt: 'create' });
  });

  it('refuses redirect targets outside the portal', async () => {
    const session = await startSession();
    await session.signIn({ redirectTo: '//evil.example/phish' });
    expect(storage.getItem(REDIRECT_AFTER_LOGIN_KEY)).toBe('/my/projects');
  });

  it('restores the previous type when the redirect cannot start', async () => {
    const session = await startSession();
    managers.MFA.signinRedirect.mockRejectedValueOnce(new Error('discovery failed'));
    await expect(session.signIn({ mfa: true })).rejects.toThrow('discovery failed');
    expect(session.authenticationType).toBe('NONE');
  });
});

describe('handleCallback', () => {
  it('completes with the manager of the stored type and answers the stored target', async () => {
    const session = await startSession();
    const completed = vi.fn();
    session.on('loginCompleted', completed);
    storage.setItem(AUTHENTICATION_TYPE_KEY, 'MFA');
    storage.setItem(REDIRECT_AFTER_LOGIN_KEY, '/admin/boards');

    await expect(session.handleCallback(nextCallbackUrl())).resolves.toBe('/admin/boards');
    expect(managers.MFA.signinRedirectCallback).toHaveBeenCalledOnce();
    expect(managers.NORMAL.signinRedirectCallback).not.toHaveBeenCalled();
    expect(session.isAuthenticated()).toBe(true);
    expect(session.isMfa()).toBe(true);
    expect(completed).toHaveBeenCalledWith(expect.objectContaining({ type: 'MFA' }));
    expect(storage.getItem(REDIRECT_AFTER_LOGIN_KEY)).toBeNull();
  });

  it('answers /my/projects when no target was stored', async () => {
    const session = await startSession();
    storage.setItem(AUTHENTICATION_TYPE_KEY, 'NORMAL');
    await expect(session.handleCallback(nextCallbackUrl())).resolves.toBe('/my/projects');
  });

  it('exchanges the code once when called twice for the same URL (StrictMode)', async () => {
    const session = await startSession();
    storage.setItem(AUTHENTICATION_TYPE_KEY, 'NORMAL');
    const url = nextCallbackUrl();
    const [first, second] = await Promise.all([session.handleCallback(url), session.handleCallback(url)]);
    expect(first).toBe(second);
    expect(managers.NORMAL.signinRedirectCallback).toHaveBeenCalledOnce();
  });

  it("fails with 'Invalid authentication type' when the type is NONE", async () => {
    const session = await startSession();
    const failed = vi.fn();
    session.on('loginFailed', failed);
    await expect(session.handleCallback(nextCallbackUrl())).rejects.toThrow('Invalid authentication type');
    expect(failed).toHaveBeenCalledOnce();
    expect(managers.NORMAL.signinRedirectCallback).not.toHaveBeenCalled();
  });

  it('falls back to the remaining user when a step-up callback fails', async () => {
    const session = await startSession({ NORMAL: makeUser('portal') });
    storage.setItem(AUTHENTICATION_TYPE_KEY, 'MFA');
    managers.MFA.signinRedirectCallback.mockRejectedValueOnce(
      new Error('No matching state found in storage'),
    );
    await expect(session.handleCallback(nextCallbackUrl())).rejects.toThrow('No matching state');
    expect(session.authenticationType).toBe('NORMAL');
    expect(session.isAuthenticated()).toBe(true);
  });
});

describe('active user', () => {
  it('prefers the MFA user over the normal user', async () => {
    const normal = makeUser('portal');
    const mfa = makeUser('portal-mfa');
    const session = await startSession({ NORMAL: normal, MFA: mfa });
    expect(session.getActiveUser()).toBe(mfa);
    expect(session.getAccessToken()).toBe(mfa.access_token);
  });

  it('is null without users', async () => {
    const session = await startSession();
    expect(session.getActiveUser()).toBeNull();
    expect(session.getAccessToken()).toBeNull();
    expect(session.isAuthenticated()).toBe(false);
  });

  it('notifies subscribers when a renewal stores a new user', async () => {
    const session = await startSession({ NORMAL: makeUser('portal') });
    const listener = vi.fn();
    session.subscribe(listener);
    const renewed = managers.NORMAL.load(makeUser('portal'));
    expect(listener).toHaveBeenCalledOnce();
    expect(session.getActiveUser()).toBe(renewed);
  });
});

describe('access token expiry', () => {
  it('falls back from MFA to NORMAL when the MFA token expires', async () => {
    storage.setItem(AUTHENTICATION_TYPE_KEY, 'MFA');
    const normal = makeUser('portal');
    const session = await startSession({ NORMAL: normal, MFA: makeUser('portal-mfa') });
    const loggedOut = vi.fn();
    session.on('logoutCompleted', loggedOut);

    managers.MFA.expire();
    await flush();
    expect(managers.MFA.stored).toBeNull();
    expect(session.authenticationType).toBe('NORMAL');
    expect(session.getActiveUser()).toBe(normal);
    expect(loggedOut).not.toHaveBeenCalled();
  });

  it('falls back to NONE and reports the logout when the last token expires', async () => {
    storage.setItem(AUTHENTICATION_TYPE_KEY, 'NORMAL');
    const session = await startSession({ NORMAL: makeUser('portal') });
    const loggedOut = vi.fn();
    session.on('logoutCompleted', loggedOut);

    managers.NORMAL.expire();
    await flush();
    expect(session.authenticationType).toBe('NONE');
    expect(session.isAuthenticated()).toBe(false);
    expect(loggedOut).toHaveBeenCalledWith({ reason: 'expired' });
  });

  it('keeps a user whose token was renewed before the expiry handler ran', async () => {
    storage.setItem(AUTHENTICATION_TYPE_KEY, 'NORMAL');
    const session = await startSession({ NORMAL: makeUser('portal') });
    managers.NORMAL.load(makeUser('portal'));
    // The timer of the old token fires late; the stored user is already the fresh one.
    managers.NORMAL.fireAccessTokenExpired();
    await flush();
    expect(session.isAuthenticated()).toBe(true);
  });

  it('renews an expired stored user with its refresh token at start-up', async () => {
    storage.setItem(AUTHENTICATION_TYPE_KEY, 'NORMAL');
    const session = await startSession({ NORMAL: makeUser('portal', { expiresIn: -5 }) });
    expect(managers.NORMAL.signinSilent).toHaveBeenCalledOnce();
    expect(session.isAuthenticated()).toBe(true);
    expect(session.authenticationType).toBe('NORMAL');
  });

  it('removes an expired stored user that cannot be renewed', async () => {
    storage.setItem(AUTHENTICATION_TYPE_KEY, 'NORMAL');
    const session = await startSession({ NORMAL: makeUser('portal', { expiresIn: -5, refreshToken: '' }) });
    expect(managers.NORMAL.signinSilent).not.toHaveBeenCalled();
    expect(managers.NORMAL.stored).toBeNull();
    expect(session.authenticationType).toBe('NONE');
  });
});

describe('signOut and clear', () => {
  it('removes both users, sets NONE and leaves through the active client’s end-session endpoint', async () => {
    storage.setItem(AUTHENTICATION_TYPE_KEY, 'MFA');
    const session = await startSession({ NORMAL: makeUser('portal'), MFA: makeUser('portal-mfa') });
    const loggedOut = vi.fn();
    session.on('logoutCompleted', loggedOut);

    await session.signOut();
    expect(session.authenticationType).toBe('NONE');
    expect(managers.NORMAL.stored).toBeNull();
    expect(managers.MFA.stored).toBeNull();
    expect(managers.MFA.signoutRedirect).toHaveBeenCalledWith({
      id_token_hint: 'id-portal-mfa',
      post_logout_redirect_uri: 'http://portal.test/welcome',
    });
    expect(loggedOut).toHaveBeenCalledWith({ reason: 'signedOut' });
    expect(navigate).not.toHaveBeenCalled();
  });

  it('goes to /welcome itself when the provider has no end-session endpoint', async () => {
    const session = await startSession({ NORMAL: makeUser('portal') });
    managers.NORMAL.signoutRedirect.mockRejectedValueOnce(new Error('No end session endpoint'));
    vi.spyOn(console, 'warn').mockImplementationOnce(() => undefined);
    await session.signOut();
    expect(navigate).toHaveBeenCalledWith('http://portal.test/welcome');
  });

  it('clear() logs out locally and reports an error as loginFailed', async () => {
    storage.setItem(AUTHENTICATION_TYPE_KEY, 'NORMAL');
    const session = await startSession({ NORMAL: makeUser('portal') });
    const failed = vi.fn();
    const loggedOut = vi.fn();
    session.on('loginFailed', failed);
    session.on('logoutCompleted', loggedOut);

    const error = new Error('Failed to fetch authenticated user');
    await session.clear({ error });
    expect(session.isAuthenticated()).toBe(false);
    expect(session.authenticationType).toBe('NONE');
    expect(failed).toHaveBeenCalledWith({ error });
    expect(loggedOut).not.toHaveBeenCalled();
    expect(managers.NORMAL.signoutRedirect).not.toHaveBeenCalled();
  });
});

describe('toSafeRedirectTarget', () => {
  it.each([
    ['/admin', '/admin'],
    ['/my/projects?tab=table', '/my/projects?tab=table'],
    ['https://evil.example', '/my/projects'],
    ['//evil.example', '/my/projects'],
    ['/\\evil.example', '/my/projects'],
    ['javascript:alert(1)', '/my/projects'],
  ])('%s → %s', (input, expected) => {
    expect(toSafeRedirectTarget(input)).toBe(expected);
  });
});
