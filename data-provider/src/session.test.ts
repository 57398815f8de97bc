import { User, type UserManagerSettings } from 'oidc-client-ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PortalConfig } from './config';
import {
  AUTHENTICATION_TYPE_KEY,
  REDIRECT_AFTER_LOGIN_KEY,
  Session,
  SignInError,
  createSession,
  DEFAULT_REDIRECT_AFTER_LOGIN,
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

function makeUser(
  clientId: string,
  { expiresIn = 300, refreshToken = 'refresh', withEmail = true } = {},
): User {
  const now = Math.floor(Date.now() / 1000);
  return new User({
    access_token: `access-${clientId}-${Math.random()}`,
    id_token: `id-${clientId}`,
    refresh_token: refreshToken || undefined,
    token_type: 'Bearer',
    profile: {
      sub: 'user-1',
      iss: config.oidc.authority,
      aud: clientId,
      exp: now + expiresIn,
      iat: now,
      ...(withEmail ? { email: 'chris@portal.test' } : {}),
    },
    expires_at: now + expiresIn,
  });
}

/** An error as oidc-client-ts raises it when the token endpoint does not answer in time. */
function timeoutError(): Error {
  const error = new Error('Network timed out');
  error.name = 'ErrorTimeout';
  return error;
}

/** Mimics the parts of UserManager the session uses, including its user events. */
class FakeUserManager {
  stored: User | null = null;
  private readonly handlers = {
    loaded: new Set<(user: User) => void>(),
    unloaded: new Set<() => void>(),
    expiring: new Set<() => void>(),
    expired: new Set<() => void>(),
  };
  readonly events = {
    addUserLoaded: (cb: (user: User) => void) => this.add(this.handlers.loaded, cb),
    addUserUnloaded: (cb: () => void) => this.add(this.handlers.unloaded, cb),
    addAccessTokenExpiring: (cb: () => void) => this.add(this.handlers.expiring, cb),
    addAccessTokenExpired: (cb: () => void) => this.add(this.handlers.expired, cb),
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
    userStorage.removeItem(userKey(this.settings.client_id));
    this.handlers.unloaded.forEach((cb) => cb());
  }
  load(user: User) {
    this.stored = user;
    userStorage.setItem(userKey(this.settings.client_id), 'stored');
    this.handlers.loaded.forEach((cb) => cb(user));
    return user;
  }
  expire() {
    if (this.stored) this.stored.expires_at = Math.floor(Date.now() / 1000) - 10;
    this.fireAccessTokenExpired();
  }
  fireAccessTokenExpiring() {
    this.handlers.expiring.forEach((cb) => cb());
  }
  fireAccessTokenExpired() {
    this.handlers.expired.forEach((cb) => cb());
  }
  private add<T>(set: Set<T>, cb: T) {
    set.add(cb);
    return () => void set.delete(cb);
  }
}

/** oidc-client-ts' key of a stored user in session storage. */
const userKey = (clientId: string) => `oidc.user:${config.oidc.authority}:${clientId}`;

let storage: MemoryStorage;
let userStorage: MemoryStorage;
let managers: { NORMAL?: FakeUserManager; MFA?: FakeUserManager };
let seeded: { NORMAL?: User; MFA?: User };
let navigate: ReturnType<typeof vi.fn<(url: string) => void>>;
let loadCurrentUser: ReturnType<typeof vi.fn<() => Promise<unknown>>> | undefined;
let callbackCount = 0;

function options(): SessionOptions {
  return {
    origin: 'http://portal.test',
    storage,
    userStorage,
    navigate,
    loadCurrentUser,
    createUserManager: (settings) => {
      const manager = new FakeUserManager(settings);
      const type = settings.client_id === 'portal-mfa' ? 'MFA' : 'NORMAL';
      manager.stored = seeded[type] ?? null;
      managers[type] = manager;
      return manager as unknown as SessionUserManager;
    },
  };
}

/** The manager of a type, which the session creates on first use. */
function manager(type: 'NORMAL' | 'MFA'): FakeUserManager {
  const created = managers[type];
  if (!created) throw new Error(`The ${type} manager was not created`);
  return created;
}

/** Builds the session with users already in oidc-client-ts' store, as after a page reload. */
async function startSession(stored: { NORMAL?: User; MFA?: User } = {}): Promise<Session> {
  seeded = stored;
  if (stored.NORMAL) userStorage.setItem(userKey('portal'), 'stored');
  if (stored.MFA) userStorage.setItem(userKey('portal-mfa'), 'stored');
  const session = new Session(config, options());
  await session.start();
  return session;
}

const nextCallbackUrl = () => `http://portal.test/auth/callback?code=c${++callbackCount}&state=s`;
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  storage = new MemoryStorage();
  userStorage = new MemoryStorage();
  navigate = vi.fn<(url: string) => void>();
  loadCurrentUser = undefined;
  managers = {};
  seeded = {};
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('Session settings', () => {
  it('configures both clients per spec §9, with acr_values only on the MFA client', async () => {
    const session = await createSession(config, options());
    await session.signIn();
    await session.signIn({ mfa: true });
    expect(manager('NORMAL').settings).toMatchObject({
      authority: 'http://portal.test/oidc',
      client_id: 'portal',
      redirect_uri: 'http://portal.test/auth/callback',
      post_logout_redirect_uri: 'http://portal.test/welcome',
      response_type: 'code',
      scope: 'openid email profile portal',
      loadUserInfo: false,
      // The session renews itself, to retry timeouts and raise silentRenewError as spec §8.1 says.
      automaticSilentRenew: false,
      accessTokenExpiringNotificationTimeInSeconds: 60,
      silentRequestTimeoutInSeconds: 10,
      staleStateAgeInSeconds: 900,
      checkSessionIntervalInSeconds: 2,
    });
    expect(manager('NORMAL').settings.acr_values).toBeUndefined();
    expect(manager('MFA').settings).toMatchObject({
      client_id: 'portal-mfa',
      acr_values: 'urn:portal:acr:mfa',
    });
    const filtered = manager('MFA').settings.filterProtocolClaims as string[];
    expect(filtered).not.toContain('acr');
    expect(filtered).not.toContain('amr');
  });

  it('creates no sign-in client for a visitor without a stored user, and only the stored one otherwise', async () => {
    await startSession();
    expect(managers).toEqual({});
    await startSession({ NORMAL: makeUser('portal') });
    expect(managers.NORMAL).toBeDefined();
    expect(managers.MFA).toBeUndefined();
  });
});

describe('signIn', () => {
  it('stores NORMAL and the redirect target, then redirects with the normal client', async () => {
    const session = await startSession();
    await session.signIn({ redirectTo: '/my/projects/42' });
    expect(storage.getItem(AUTHENTICATION_TYPE_KEY)).toBe('NORMAL');
    expect(storage.getItem(REDIRECT_AFTER_LOGIN_KEY)).toBe('/my/projects/42');
    expect(manager('NORMAL').signinRedirect).toHaveBeenCalledWith(undefined);
    expect(managers.MFA).toBeUndefined();
  });

  it('sets MFA and uses the MFA client for a step-up sign-in', async () => {
    const session = await startSession({ NORMAL: makeUser('portal') });
    await session.signIn({ mfa: true });
    expect(session.authenticationType).toBe('MFA');
    expect(manager('MFA').signinRedirect).toHaveBeenCalledOnce();
    expect(manager('NORMAL').signinRedirect).not.toHaveBeenCalled();
  });

  it('sets NORMAL and asks for prompt=create for a registration', async () => {
    const session = await startSession();
    await session.signIn({ register: true });
    expect(session.authenticationType).toBe('NORMAL');
    expect(manager('NORMAL').signinRedirect).toHaveBeenCalledWith({ prompt: 'create' });
  });

  it('forgets an earlier redirect target when none is given', async () => {
    const session = await startSession();
    storage.setItem(REDIRECT_AFTER_LOGIN_KEY, '/my/orders');
    await session.signIn();
    expect(storage.getItem(REDIRECT_AFTER_LOGIN_KEY)).toBeNull();
  });

  it('refuses redirect targets outside the portal', async () => {
    const session = await startSession();
    await session.signIn({ redirectTo: '//evil.example/phish' });
    expect(storage.getItem(REDIRECT_AFTER_LOGIN_KEY)).toBe('/my/projects');
  });

  it('restores the previous type when the redirect cannot start', async () => {
    const session = await startSession();
    await session.signIn({ mfa: true });
    await session.clear();
    manager('MFA').signinRedirect.mockRejectedValueOnce(new Error('discovery failed'));
    await expect(session.signIn({ mfa: true })).rejects.toThrow('discovery failed');
    expect(session.authenticationType).toBe('NONE');
  });
});

describe('handleCallback', () => {
  it('completes with the manager of the stored type, loads the current user and answers the stored target', async () => {
    loadCurrentUser = vi.fn(async () => ({ id: 'user-1' }));
    const session = await startSession();
    const completed = vi.fn();
    session.on('loginCompleted', completed);
    storage.setItem(AUTHENTICATION_TYPE_KEY, 'MFA');
    storage.setItem(REDIRECT_AFTER_LOGIN_KEY, '/admin/boards');

    await expect(session.handleCallback(nextCallbackUrl())).resolves.toBe('/admin/boards');
    expect(manager('MFA').signinRedirectCallback).toHaveBeenCalledOnce();
    expect(managers.NORMAL).toBeUndefined();
    expect(loadCurrentUser).toHaveBeenCalledOnce();
    expect(session.isAuthenticated()).toBe(true);
    expect(session.isMfa()).toBe(true);
    expect(session.authenticationType).toBe('MFA');
    expect(completed).toHaveBeenCalledWith(expect.objectContaining({ type: 'MFA' }));
    expect(storage.getItem(REDIRECT_AFTER_LOGIN_KEY)).toBeNull();
  });

  it('stores a normal sign-in as the normal user', async () => {
    const session = await startSession();
    storage.setItem(AUTHENTICATION_TYPE_KEY, 'NORMAL');
    await session.handleCallback(nextCallbackUrl());
    expect(manager('NORMAL').stored).not.toBeNull();
    expect(session.isMfa()).toBe(false);
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
    expect(manager('NORMAL').signinRedirectCallback).toHaveBeenCalledOnce();
  });

  it("fails with 'Invalid authentication type' when the type is NONE", async () => {
    const session = await startSession();
    const failed = vi.fn();
    session.on('loginFailed', failed);
    const result = session.handleCallback(nextCallbackUrl());
    await expect(result).rejects.toThrow('Invalid authentication type');
    await expect(result).rejects.toMatchObject({ code: 'invalid_authentication_type' });
    expect(failed).toHaveBeenCalledOnce();
    expect(managers).toEqual({});
  });

  it('falls back to the remaining user when a step-up callback fails', async () => {
    const session = await startSession({ NORMAL: makeUser('portal') });
    storage.setItem(AUTHENTICATION_TYPE_KEY, 'MFA');
    await session.signIn({ mfa: true });
    manager('MFA').signinRedirectCallback.mockRejectedValueOnce(
      new Error('No matching state found in storage'),
    );
    await expect(session.handleCallback(nextCallbackUrl())).rejects.toThrow('No matching state');
    expect(session.authenticationType).toBe('NORMAL');
    expect(session.isAuthenticated()).toBe(true);
  });

  it("logs out with 'Failed to fetch authenticated user' when the current user cannot be loaded", async () => {
    loadCurrentUser = vi.fn(async () => {
      throw new Error('HTTP 503');
    });
    const session = await startSession({ NORMAL: makeUser('portal') });
    const failed = vi.fn();
    const completed = vi.fn();
    session.on('loginFailed', failed);
    session.on('loginCompleted', completed);
    storage.setItem(AUTHENTICATION_TYPE_KEY, 'MFA');

    const result = session.handleCallback(nextCallbackUrl());
    await expect(result).rejects.toThrow('Failed to fetch authenticated user');
    await expect(result).rejects.toMatchObject({ code: 'user_fetch_failed' });
    expect(session.isAuthenticated()).toBe(false);
    expect(session.authenticationType).toBe('NONE');
    expect(manager('MFA').stored).toBeNull();
    expect(manager('NORMAL').stored).toBeNull();
    expect(failed).toHaveBeenCalledOnce();
    expect(failed.mock.calls[0]?.[0].error).toBeInstanceOf(SignInError);
    expect(completed).not.toHaveBeenCalled();
  });
});

describe('active user', () => {
  it('prefers the MFA user over the normal user', async () => {
    const normal = makeUser('portal');
    const mfa = makeUser('portal-mfa');
    const session = await startSession({ NORMAL: normal, MFA: mfa });
    expect(session.getActiveUser()).toBe(mfa);
    expect(session.getAccessToken()).toBe(mfa.access_token);
    expect(session.isMfa()).toBe(true);
  });

  it('is null without users', async () => {
    const session = await startSession();
    expect(session.getActiveUser()).toBeNull();
    expect(session.getAccessToken()).toBeNull();
    expect(session.isAuthenticated()).toBe(false);
    expect(session.authenticationType).toBe('NONE');
  });

  it('does not count an expired user as authenticated', async () => {
    const normal = makeUser('portal');
    const session = await startSession({ NORMAL: normal });
    normal.expires_at = Math.floor(Date.now() / 1000) - 1;
    expect(session.isAuthenticated()).toBe(false);
  });

  it('notifies subscribers when a renewal stores a new user', async () => {
    const session = await startSession({ NORMAL: makeUser('portal') });
    const listener = vi.fn();
    session.subscribe(listener);
    const renewed = manager('NORMAL').load(makeUser('portal'));
    expect(listener).toHaveBeenCalledOnce();
    expect(session.getActiveUser()).toBe(renewed);
  });
});

describe('silent renewal', () => {
  it('renews with the refresh token when the token is about to expire', async () => {
    const session = await startSession({ NORMAL: makeUser('portal') });
    manager('NORMAL').fireAccessTokenExpiring();
    await flush();
    expect(manager('NORMAL').signinSilent).toHaveBeenCalledOnce();
    expect(session.getActiveUser()).toBe(manager('NORMAL').stored);
  });

  it('retries a renewal that timed out after 5 seconds', async () => {
    vi.useFakeTimers();
    const session = await startSession({ NORMAL: makeUser('portal') });
    const renewError = vi.fn();
    session.on('silentRenewError', renewError);
    const normal = manager('NORMAL');
    normal.signinSilent.mockRejectedValueOnce(timeoutError());

    normal.fireAccessTokenExpiring();
    await vi.advanceTimersByTimeAsync(0);
    expect(normal.signinSilent).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(4999);
    expect(normal.signinSilent).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(normal.signinSilent).toHaveBeenCalledTimes(2);
    expect(renewError).not.toHaveBeenCalled();
    expect(session.isAuthenticated()).toBe(true);
  });

  it('raises silentRenewError for any other renewal failure, without a retry', async () => {
    vi.useFakeTimers();
    const session = await startSession({ MFA: makeUser('portal-mfa') });
    const renewError = vi.fn();
    session.on('silentRenewError', renewError);
    const error = new Error('invalid_grant');
    manager('MFA').signinSilent.mockRejectedValueOnce(error);

    manager('MFA').fireAccessTokenExpiring();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(renewError).toHaveBeenCalledWith({ type: 'MFA', error });
    expect(manager('MFA').signinSilent).toHaveBeenCalledOnce();
  });

  it('raises silentRenewError at once for a sign-in without a refresh token', async () => {
    const session = await startSession({ NORMAL: makeUser('portal', { refreshToken: '' }) });
    const renewError = vi.fn();
    session.on('silentRenewError', renewError);
    manager('NORMAL').fireAccessTokenExpiring();
    await flush();
    expect(renewError).toHaveBeenCalledWith({ type: 'NORMAL', error: expect.any(Error) });
    expect(manager('NORMAL').signinSilent).not.toHaveBeenCalled();
  });

  it('drops a pending retry on logout', async () => {
    vi.useFakeTimers();
    const session = await startSession({ NORMAL: makeUser('portal') });
    manager('NORMAL').signinSilent.mockRejectedValueOnce(timeoutError());
    manager('NORMAL').fireAccessTokenExpiring();
    await vi.advanceTimersByTimeAsync(0);
    await session.clear();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(manager('NORMAL').signinSilent).toHaveBeenCalledOnce();
  });
});

describe('access token expiry', () => {
  it('falls back from MFA to NORMAL when the MFA token expires', async () => {
    storage.setItem(AUTHENTICATION_TYPE_KEY, 'MFA');
    const normal = makeUser('portal');
    const session = await startSession({ NORMAL: normal, MFA: makeUser('portal-mfa') });
    const loggedOut = vi.fn();
    session.on('logoutCompleted', loggedOut);

    manager('MFA').expire();
    await flush();
    expect(manager('MFA').stored).toBeNull();
    expect(session.authenticationType).toBe('NORMAL');
    expect(session.getActiveUser()).toBe(normal);
    expect(session.isMfa()).toBe(false);
    expect(loggedOut).not.toHaveBeenCalled();
  });

  it('falls back from MFA to NONE and resets when no normal user remains', async () => {
    storage.setItem(AUTHENTICATION_TYPE_KEY, 'MFA');
    const session = await startSession({ MFA: makeUser('portal-mfa') });
    const loggedOut = vi.fn();
    session.on('logoutCompleted', loggedOut);

    manager('MFA').expire();
    await flush();
    expect(session.authenticationType).toBe('NONE');
    expect(loggedOut).toHaveBeenCalledWith({ reason: 'expired' });
  });

  it('falls back to NONE and reports the logout when the last token expires', async () => {
    storage.setItem(AUTHENTICATION_TYPE_KEY, 'NORMAL');
    const session = await startSession({ NORMAL: makeUser('portal') });
    const loggedOut = vi.fn();
    session.on('logoutCompleted', loggedOut);

    manager('NORMAL').expire();
    await flush();
    expect(session.authenticationType).toBe('NONE');
    expect(session.isAuthenticated()).toBe(false);
    expect(loggedOut).toHaveBeenCalledWith({ reason: 'expired' });
  });

  it('keeps the MFA user when the normal token expires', async () => {
    storage.setItem(AUTHENTICATION_TYPE_KEY, 'MFA');
    const mfa = makeUser('portal-mfa');
    const session = await startSession({ NORMAL: makeUser('portal'), MFA: mfa });
    manager('NORMAL').expire();
    await flush();
    expect(session.authenticationType).toBe('MFA');
    expect(session.getActiveUser()).toBe(mfa);
  });

  it('leaves the type of a sign-in under way alone', async () => {
    storage.setItem(AUTHENTICATION_TYPE_KEY, 'NORMAL');
    const session = await startSession({ NORMAL: makeUser('portal'), MFA: makeUser('portal-mfa') });
    await session.signIn({ mfa: true });
    manager('NORMAL').expire();
    await flush();
    expect(session.authenticationType).toBe('MFA');
  });

  it('keeps a user whose token was renewed before the expiry handler ran', async () => {
    storage.setItem(AUTHENTICATION_TYPE_KEY, 'NORMAL');
    const session = await startSession({ NORMAL: makeUser('portal') });
    manager('NORMAL').load(makeUser('portal'));
    // The timer of the old token fires late; the stored user is already the fresh one.
    manager('NORMAL').fireAccessTokenExpired();
    await flush();
    expect(session.isAuthenticated()).toBe(true);
  });
});

describe('start-up', () => {
  it('restores the stored users and their type', async () => {
    storage.setItem(AUTHENTICATION_TYPE_KEY, 'NORMAL');
    const normal = makeUser('portal');
    const session = await startSession({ NORMAL: normal });
    expect(session.getActiveUser()).toBe(normal);
    expect(session.authenticationType).toBe('NORMAL');
    expect(manager('NORMAL').clearStaleState).toHaveBeenCalledOnce();
  });

  it('renews an expired stored user with its refresh token', async () => {
    storage.setItem(AUTHENTICATION_TYPE_KEY, 'NORMAL');
    const session = await startSession({ NORMAL: makeUser('portal', { expiresIn: -5 }) });
    expect(manager('NORMAL').signinSilent).toHaveBeenCalledOnce();
    expect(session.isAuthenticated()).toBe(true);
    expect(session.authenticationType).toBe('NORMAL');
  });

  it('logs out when a stored token has expired and cannot be renewed', async () => {
    storage.setItem(AUTHENTICATION_TYPE_KEY, 'MFA');
    storage.setItem(REDIRECT_AFTER_LOGIN_KEY, '/my/orders');
    seeded = {};
    const loggedOut = vi.fn();
    const session = new Session(config, options());
    session.on('logoutCompleted', loggedOut);
    seeded = { NORMAL: makeUser('portal'), MFA: makeUser('portal-mfa', { expiresIn: -5, refreshToken: '' }) };
    userStorage.setItem(userKey('portal'), 'stored');
    userStorage.setItem(userKey('portal-mfa'), 'stored');
    await session.start();

    expect(manager('MFA').signinSilent).not.toHaveBeenCalled();
    expect(manager('MFA').stored).toBeNull();
    expect(manager('NORMAL').stored).toBeNull();
    expect(session.isAuthenticated()).toBe(false);
    expect(session.authenticationType).toBe('NONE');
    expect(storage.getItem(REDIRECT_AFTER_LOGIN_KEY)).toBeNull();
    expect(loggedOut).toHaveBeenCalledWith({ reason: 'expired' });
  });

  it('logs out when the renewal of an expired stored token fails', async () => {
    storage.setItem(AUTHENTICATION_TYPE_KEY, 'NORMAL');
    vi.spyOn(console, 'info').mockImplementation(() => undefined);
    seeded = { NORMAL: makeUser('portal', { expiresIn: -5 }) };
    userStorage.setItem(userKey('portal'), 'stored');
    const session = new Session(config, {
      ...options(),
      createUserManager: (settings) => {
        const created = new FakeUserManager(settings);
        created.stored = seeded.NORMAL ?? null;
        created.signinSilent.mockRejectedValueOnce(new Error('invalid_grant'));
        managers.NORMAL = created;
        return created as unknown as SessionUserManager;
      },
    });
    await session.start();
    expect(session.isAuthenticated()).toBe(false);
    expect(session.authenticationType).toBe('NONE');
    expect(manager('NORMAL').stored).toBeNull();
  });

  it('loads the current user from the server when the profile has no email yet', async () => {
    loadCurrentUser = vi.fn(async () => ({ id: 'user-1' }));
    const session = await startSession({ NORMAL: makeUser('portal', { withEmail: false }) });
    expect(loadCurrentUser).toHaveBeenCalledOnce();
    expect(session.isAuthenticated()).toBe(true);
  });

  it('does not call the server when the profile has its email', async () => {
    loadCurrentUser = vi.fn(async () => ({ id: 'user-1' }));
    await startSession({ NORMAL: makeUser('portal') });
    expect(loadCurrentUser).not.toHaveBeenCalled();
  });

  it("logs out with 'Failed to fetch authenticated user' when that load fails", async () => {
    storage.setItem(AUTHENTICATION_TYPE_KEY, 'NORMAL');
    loadCurrentUser = vi.fn(async () => {
      throw new Error('HTTP 500');
    });
    const session = new Session(config, options());
    const failed = vi.fn();
    session.on('loginFailed', failed);
    seeded = { NORMAL: makeUser('portal', { withEmail: false }) };
    userStorage.setItem(userKey('portal'), 'stored');

    // Start-up goes on signed out; the loginFailed listener tells the user.
    await expect(session.start()).resolves.toBeUndefined();
    expect(session.isAuthenticated()).toBe(false);
    expect(session.authenticationType).toBe('NONE');
    expect(failed).toHaveBeenCalledWith({ error: expect.any(SignInError) });
  });
});

describe('Restoring a stored user without oidc-client-ts (issue 20)', () => {
  /** Stores users as oidc-client-ts writes them, which the session reads without the library. */
  function storeUsers(users: { NORMAL?: User; MFA?: User }) {
    seeded = users;
    if (users.NORMAL) userStorage.setItem(userKey('portal'), users.NORMAL.toStorageString());
    if (users.MFA) userStorage.setItem(userKey('portal-mfa'), users.MFA.toStorageString());
  }

  it('restores a valid user with its email without loading the library, then loads it before the token expires', async () => {
    vi.useFakeTimers();
    storage.setItem(AUTHENTICATION_TYPE_KEY, 'NORMAL');
    const stored = makeUser('portal', { expiresIn: 600 });
    storeUsers({ NORMAL: stored });
    loadCurrentUser = vi.fn(async () => ({ id: 'user-1' }));
    const session = new Session(config, options());
    await session.start();

    expect(managers.NORMAL).toBeUndefined();
    expect(loadCurrentUser).not.toHaveBeenCalled();
    expect(session.isAuthenticated()).toBe(true);
    expect(session.getAccessToken()).toBe(stored.access_token);
    expect(session.getActiveUser()?.profile.email).toBe('chris@portal.test');

    // Two minutes before expiry (a minute before the expiring notice) the manager takes over with its own copy.
    await vi.advanceTimersByTimeAsync((600 - 121) * 1000);
    expect(managers.NORMAL).toBeUndefined();
    await vi.advanceTimersByTimeAsync(2000);
    expect(manager('NORMAL').clearStaleState).toHaveBeenCalled();
    expect(session.getActiveUser()).toBe(stored);
  });

  it('lets an expired record or one without an email go through the library as before', async () => {
    vi.spyOn(console, 'info').mockImplementation(() => undefined);
    storage.setItem(AUTHENTICATION_TYPE_KEY, 'MFA');
    storeUsers({
      NORMAL: makeUser('portal', { withEmail: false }),
      MFA: makeUser('portal-mfa', { expiresIn: -5 }),
    });
    const session = new Session(config, options());
    await session.start();
    expect(manager('NORMAL').clearStaleState).toHaveBeenCalled();
    expect(manager('MFA').signinSilent).toHaveBeenCalled();
    expect(session.getActiveUser()).toBe(manager('MFA').stored);
  });

  it('a logout removes the restored record, cancels the later load and a reload starts signed out', async () => {
    vi.useFakeTimers();
    storage.setItem(AUTHENTICATION_TYPE_KEY, 'NORMAL');
    storeUsers({ NORMAL: makeUser('portal', { expiresIn: 600 }) });
    const session = new Session(config, options());
    await session.start();
    await session.clear();

    expect(userStorage.getItem(userKey('portal'))).toBeNull();
    expect(session.isAuthenticated()).toBe(false);
    await vi.advanceTimersByTimeAsync(600 * 1000);
    expect(managers.NORMAL).toBeUndefined();
    const reloaded = new Session(config, options());
    await reloaded.start();
    expect(reloaded.isAuthenticated()).toBe(false);
  });

  it('does not take a foreign record for a user', async () => {
    storage.setItem(AUTHENTICATION_TYPE_KEY, 'NORMAL');
    seeded = {};
    userStorage.setItem(
      userKey('portal'),
      JSON.stringify({ access_token: 'forged', profile: { email: 'x@y.z' } }),
    );
    const session = new Session(config, options());
    await session.start();
    expect(managers.NORMAL).toBeDefined();
    expect(session.isAuthenticated()).toBe(false);
  });
});

describe('signOut and clear', () => {
  it('removes both users, sets NONE and leaves through the active client’s end-session endpoint', async () => {
    storage.setItem(AUTHENTICATION_TYPE_KEY, 'MFA');
    storage.setItem(REDIRECT_AFTER_LOGIN_KEY, '/my/orders');
    const session = await startSession({ NORMAL: makeUser('portal'), MFA: makeUser('portal-mfa') });
    const loggedOut = vi.fn();
    const failed = vi.fn();
    session.on('logoutCompleted', loggedOut);
    session.on('loginFailed', failed);

    await session.signOut();
    expect(session.authenticationType).toBe('NONE');
    expect(session.isAuthenticated()).toBe(false);
    expect(manager('NORMAL').stored).toBeNull();
    expect(manager('MFA').stored).toBeNull();
    expect(storage.getItem(REDIRECT_AFTER_LOGIN_KEY)).toBeNull();
    expect(manager('MFA').signoutRedirect).toHaveBeenCalledWith({
      id_token_hint: 'id-portal-mfa',
      post_logout_redirect_uri: 'http://portal.test/welcome',
    });
    expect(loggedOut).toHaveBeenCalledWith({ reason: 'signedOut' });
    expect(failed).not.toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('emits logoutCompleted after the users are gone, so listeners can reset their stores', async () => {
    const session = await startSession({ NORMAL: makeUser('portal') });
    const seen: boolean[] = [];
    session.on('logoutCompleted', () => seen.push(session.isAuthenticated()));
    await session.signOut();
    expect(seen).toEqual([false]);
  });

  it('goes to /welcome itself when the provider has no end-session endpoint', async () => {
    const session = await startSession({ NORMAL: makeUser('portal') });
    manager('NORMAL').signoutRedirect.mockRejectedValueOnce(new Error('No end session endpoint'));
    vi.spyOn(console, 'warn').mockImplementationOnce(() => undefined);
    await session.signOut();
    expect(navigate).toHaveBeenCalledWith('http://portal.test/welcome');
  });

  it('clear() logs out locally and reports logoutCompleted without an error', async () => {
    const session = await startSession({ NORMAL: makeUser('portal') });
    const loggedOut = vi.fn();
    session.on('logoutCompleted', loggedOut);
    await session.clear();
    expect(session.isAuthenticated()).toBe(false);
    expect(loggedOut).toHaveBeenCalledWith({ reason: 'cleared' });
    expect(manager('NORMAL').signoutRedirect).not.toHaveBeenCalled();
  });

  it('clear() reports an error as loginFailed instead of logoutCompleted', async () => {
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
    expect(manager('NORMAL').signoutRedirect).not.toHaveBeenCalled();
  });

  it('unsubscribes listeners', async () => {
    const session = await startSession({ NORMAL: makeUser('portal') });
    const loggedOut = vi.fn();
    session.on('logoutCompleted', loggedOut)();
    await session.clear();
    expect(loggedOut).not.toHaveBeenCalled();
  });
});

describe('toSafeRedirectTarget', () => {
  const origin = 'https://portal.example.com';
  it.each([
    ['/admin', '/admin'],
    ['/my/projects?tab=table', '/my/projects?tab=table'],
    ['/assets#top', '/assets#top'],
    ['/my/%2F%2Fevil.com', '/my/%2F%2Fevil.com'],
    ['/%5Cevil.com', '/%5Cevil.com'],
    ['/./my/../admin', '/admin'],
  ])('keeps the same-origin path %j as %j', (input, expected) => {
    expect(toSafeRedirectTarget(input, origin)).toBe(expected);
  });

  it.each([
    'https://evil.example',
    'http://portal.example.com.evil.example/',
    '//evil.example',
    '///evil.example',
    '/\\evil.example',
    '\\/evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    '/\r/evil.example',
    '\t//evil.example',
    '/\u0000/admin',
    '/%09/evil.example\u007f',
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' /admin',
    'evil.example',
    '',
    '/api/v1/users/me',
    '/oidc/session/end',
    '/auth/callback?code=x',
    '/login?redirectTo=//evil.example',
  ])('drops %j for the default page', (input) => {
    expect(toSafeRedirectTarget(input, origin)).toBe(DEFAULT_REDIRECT_AFTER_LOGIN);
  });
});
