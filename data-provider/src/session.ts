import type { User, UserManager, UserManagerSettings } from 'oidc-client-ts';
import type { PortalConfig } from './config';
import { SIGN_IN_MESSAGES, SIGN_IN_TIMINGS, type AuthenticationType } from '@portal/resources';

/** Which sign-in the browser is in (spec calls-auth-errors §4). Stored in local storage. */
export type { AuthenticationType };
export type SignedInType = Exclude<AuthenticationType, 'NONE'>;

export const AUTHENTICATION_TYPE_KEY = 'authenticationType';
export const REDIRECT_AFTER_LOGIN_KEY = 'redirectAfterLogin';
export const DEFAULT_REDIRECT_AFTER_LOGIN = '/my/projects';
const CALLBACK_PATH = '/auth/callback';
const POST_LOGOUT_PATH = '/welcome';
/** oidc-client-ts' own key prefix and user key (`WebStorageStateStore`, `UserManager._userStoreKey`). */
const USER_STORE_PREFIX = 'oidc.';

/** MFA first: the step-up user takes precedence over the normal user (spec §4). */
const SIGNED_IN_TYPES: readonly SignedInType[] = ['MFA', 'NORMAL'];

/**
 * Protocol claims dropped from the profile: oidc-client-ts' defaults minus `acr`, `amr` and
 * `auth_time`, which tell whether the user passed the second factor.
 */
const FILTERED_PROTOCOL_CLAIMS = ['nbf', 'jti', 'nonce', 'azp', 'at_hash'];

/** The parts of oidc-client-ts' `UserManager` the session uses; the seam for tests. */
export type SessionUserManager = Pick<
  UserManager,
  | 'signinRedirect'
  | 'signinRedirectCallback'
  | 'signoutRedirect'
  | 'signinSilent'
  | 'getUser'
  | 'removeUser'
  | 'clearStaleState'
> & {
  events: Pick<
    UserManager['events'],
    'addUserLoaded' | 'addUserUnloaded' | 'addAccessTokenExpiring' | 'addAccessTokenExpired'
  >;
};

/** Why a sign-in failed in the session itself (the provider's own errors pass through unchanged). */
export type SignInErrorCode = 'invalid_authentication_type' | 'user_fetch_failed';

/** 'Invalid authentication type' and 'Failed to fetch authenticated user' of spec calls-auth-errors §8.1. */
export class SignInError extends Error {
  constructor(
    readonly code: SignInErrorCode,
    options?: { cause?: unknown },
  ) {
    super(
      code === 'invalid_authentication_type'
        ? SIGN_IN_MESSAGES.invalidAuthenticationType
        : SIGN_IN_MESSAGES.failedToFetchUser,
      options,
    );
    this.name = 'SignInError';
  }
}

export interface SessionEventMap {
  loginCompleted: { type: SignedInType; user: User };
  /** A callback failed, or the session was cleared because of an error (e.g. users/me failed). */
  loginFailed: { error: unknown };
  /** `expired`: the last access token ran out; `cleared`: local logout without the provider. */
  logoutCompleted: { reason: 'signedOut' | 'expired' | 'cleared' };
  /** A silent renewal failed for another reason than a timeout (timeouts are retried after 5 s). */
  silentRenewError: { type: SignedInType; error: unknown };
}
export type SessionEvent = keyof SessionEventMap;

export interface SignInOptions {
  /** Path to return to after the callback; only same-origin paths are kept. */
  redirectTo?: string;
  /** Step-up sign-in with the MFA client (`useMFA=true`). */
  mfa?: boolean;
  /** Registration instead of sign-in (`register=true`): asks the provider for `prompt=create`. */
  register?: boolean;
}

export interface SessionOptions {
  /** Portal origin; defaults to `window.location.origin`. */
  origin?: string;
  /** Where the authentication type and redirect target live; defaults to `window.localStorage`. */
  storage?: Storage;
  /** Where oidc-client-ts keeps the users (its default, `window.sessionStorage`). */
  userStorage?: Storage;
  /** Full-page navigation, used when the provider's end-session endpoint is unavailable. */
  navigate?: (url: string) => void;
  /**
   * Loads the current user from the server (`GET users/me`): after every callback, and at start-up when the
   * stored user's profile has no email yet (spec §4). A failure logs out with 'Failed to fetch authenticated user'.
   */
  loadCurrentUser?: () => Promise<unknown>;
  /**
   * For tests; defaults to a `UserManager` of oidc-client-ts, which is only loaded once a sign-in starts or
   * completes or a stored user is found, so anonymous visitors do not download it.
   */
  createUserManager?: (settings: UserManagerSettings) => SessionUserManager | Promise<SessionUserManager>;
}

/** oidc-client-ts settings of one client registration, with the timings of spec §9. */
function createUserManagerSettings(
  config: PortalConfig,
  origin: string,
  type: SignedInType,
): UserManagerSettings {
  const { oidc } = config;
  return {
    authority: oidc.authority,
    client_id: type === 'MFA' ? oidc.mfaClientId : oidc.clientId,
    redirect_uri: `${origin}${CALLBACK_PATH}`,
    post_logout_redirect_uri: `${origin}${POST_LOGOUT_PATH}`,
    response_type: 'code',
    scope: oidc.scope,
    loadUserInfo: oidc.loadUserInfo,
    acr_values: type === 'MFA' ? oidc.mfaAcrValues : undefined,
    filterProtocolClaims: FILTERED_PROTOCOL_CLAIMS,
    // The session renews itself on accessTokenExpiring (with the refresh token, so no silent_redirect_uri
    // iframe page is needed): the retry after a timeout and the silent-renew-error event are spec §8.1's.
    automaticSilentRenew: false,
    accessTokenExpiringNotificationTimeInSeconds:
      SIGN_IN_TIMINGS.accessTokenExpiringNotificationTimeInSeconds,
    silentRequestTimeoutInSeconds: SIGN_IN_TIMINGS.silentRequestTimeoutInSeconds,
    staleStateAgeInSeconds: SIGN_IN_TIMINGS.staleStateAgeInSeconds,
    // Only used with monitorSession, which needs the provider's check_session iframe; left off.
    checkSessionIntervalInSeconds: SIGN_IN_TIMINGS.checkSessionIntervalInSeconds,
    monitorSession: false,
  };
}

async function loadUserManager(settings: UserManagerSettings): Promise<SessionUserManager> {
  const { UserManager: Manager } = await import('oidc-client-ts');
  return new Manager(settings);
}

// Module level on purpose: React StrictMode mounts twice and both mounts must share one code exchange.
let pendingCallback: { url: string; result: Promise<string> } | undefined;

type Listener<E extends SessionEvent> = (payload: SessionEventMap[E]) => void;

const isTimeout = (error: unknown): boolean => error instanceof Error && error.name === 'ErrorTimeout';

/**
 * The browser's sign-in session: two oidc-client-ts managers (normal and MFA) and the
 * NONE/NORMAL/MFA state machine of spec calls-auth-errors §4. Create it with `createSession`.
 */
export class Session {
  private readonly settings: Record<SignedInType, UserManagerSettings>;
  private readonly managers: Partial<Record<SignedInType, Promise<SessionUserManager>>> = {};
  private readonly users: Record<SignedInType, User | null> = { MFA: null, NORMAL: null };
  private readonly retryTimers: Partial<Record<SignedInType, ReturnType<typeof setTimeout>>> = {};
  private readonly listeners: { [E in SessionEvent]: Set<Listener<E>> } = {
    loginCompleted: new Set(),
    loginFailed: new Set(),
    logoutCompleted: new Set(),
    silentRenewError: new Set(),
  };
  private readonly changeListeners = new Set<() => void>();
  private readonly storage: Storage;
  private readonly userStorage: Storage | undefined;
  private readonly navigate: (url: string) => void;
  private readonly postLogoutRedirectUri: string;
  private readonly createUserManager: NonNullable<SessionOptions['createUserManager']>;
  private readonly loadCurrentUser: SessionOptions['loadCurrentUser'];

  constructor(config: PortalConfig, options: SessionOptions = {}) {
    const origin = options.origin ?? window.location.origin;
    this.createUserManager = options.createUserManager ?? loadUserManager;
    this.loadCurrentUser = options.loadCurrentUser;
    this.storage = options.storage ?? window.localStorage;
    this.userStorage = options.userStorage ?? globalThis.sessionStorage;
    this.navigate = options.navigate ?? ((url) => window.location.assign(url));
    this.postLogoutRedirectUri = `${origin}${POST_LOGOUT_PATH}`;
    this.settings = {
      MFA: createUserManagerSettings(config, origin, 'MFA'),
      NORMAL: createUserManagerSettings(config, origin, 'NORMAL'),
    };
  }

  /**
   * Restores the stored users (spec §4, start-up). An expired user is renewed with its refresh token when it has
   * one; when it cannot be, the product logs out. A user whose profile has no email yet is loaded from the server.
   */
  async start(): Promise<void> {
    let expired = false;
    await Promise.all(
      SIGNED_IN_TYPES.filter((type) => this.hasStoredUser(type)).map(async (type) => {
        const stored = this.readStoredUser(type);
        if (stored && !stored.expired && stored.profile.email) {
          // Issue 20: a valid stored user restores without oidc-client-ts, so a signed-in page's first load stays
          // light; the library comes before the token's expiring notification needs it.
          this.setUser(type, stored);
          this.loadManagerBeforeExpiry(type, stored);
          return;
        }
        const manager = await this.manager(type);
        await manager.clearStaleState().catch(() => undefined);
        let user = await manager.getUser();
        if (user?.expired) {
          user = await this.renewExpired(type, manager, user);
          if (!user) expired = true;
        }
        this.setUser(type, user);
      }),
    );
    if (expired) {
      await this.logout({ reason: 'expired' });
      return;
    }
    const active = this.getActiveUser();
    // A failure has logged out and emitted loginFailed; the portal starts signed out.
    if (active && !active.profile.email) await this.loadCurrentUserOrLogout().catch(() => undefined);
  }

  get authenticationType(): AuthenticationType {
    const stored = this.storage.getItem(AUTHENTICATION_TYPE_KEY);
    return stored === 'NORMAL' || stored === 'MFA' ? stored : 'NONE';
  }

  /** The signed-in user: the MFA user when present and not expired, else the normal one, else null. */
  getActiveUser(): User | null {
    for (const type of SIGNED_IN_TYPES) {
      const user = this.users[type];
      if (user && !user.expired) return user;
    }
    return null;
  }

  /** Whether the active user passed the step-up (MFA) sign-in. */
  isMfa(): boolean {
    const user = this.getActiveUser();
    return user !== null && user === this.users.MFA;
  }

  isAuthenticated(): boolean {
    return this.getActiveUser() !== null;
  }

  getAccessToken(): string | null {
    return this.getActiveUser()?.access_token ?? null;
  }

  /** Stores the type and redirect target, then leaves for the provider's sign-in page. */
  async signIn({ redirectTo, mfa = false, register = false }: SignInOptions = {}): Promise<void> {
    const type: SignedInType = mfa ? 'MFA' : 'NORMAL';
    const previousType = this.authenticationType;
    this.writeType(type);
    if (redirectTo) {
      this.storage.setItem(REDIRECT_AFTER_LOGIN_KEY, toSafeRedirectTarget(redirectTo));
    } else {
      this.storage.removeItem(REDIRECT_AFTER_LOGIN_KEY);
    }
    try {
      const manager = await this.manager(type);
      await manager.signinRedirect(register && !mfa ? { prompt: 'create' } : undefined);
    } catch (error) {
      this.writeType(previousType);
      throw error;
    }
  }

  /**
   * Completes the sign-in on `/auth/callback` with the manager the stored type names, loads the current user
   * and answers the stored redirect target. Runs once per callback URL, however often it is called.
   */
  handleCallback(url: string = window.location.href): Promise<string> {
    if (pendingCallback?.url !== url) {
      pendingCallback = { url, result: this.completeSignIn(url) };
    }
    return pendingCallback.result;
  }

  /** Logout of spec §4, then through the provider's end-session endpoint back to `/welcome`. */
  async signOut(): Promise<void> {
    const type = SIGNED_IN_TYPES.find((candidate) => this.users[candidate] !== null) ?? 'NORMAL';
    const idToken = this.users[type]?.id_token;
    await this.logout({ reason: 'signedOut' });
    try {
      const manager = await this.manager(type);
      await manager.signoutRedirect({
        id_token_hint: idToken,
        post_logout_redirect_uri: this.postLogoutRedirectUri,
      });
    } catch (error) {
      console.warn('The end-session endpoint is not available; leaving without it', error);
      this.navigate(this.postLogoutRedirectUri);
    }
  }

  /**
   * Logout without leaving the page (spec §4): removes both users and sets the type to NONE.
   * Emits loginFailed when an error is given (e.g. users/me failed after the callback).
   */
  async clear({ error }: { error?: unknown } = {}): Promise<void> {
    await this.logout(error === undefined ? { reason: 'cleared' } : { error });
  }

  on<E extends SessionEvent>(event: E, listener: Listener<E>): () => void {
    const listeners = this.listeners[event] as Set<Listener<E>>;
    listeners.add(listener);
    return () => listeners.delete(listener);
  }

  /** Called whenever a user is stored or removed; pairs with `getActiveUser` in useSyncExternalStore. */
  subscribe(listener: () => void): () => void {
    this.changeListeners.add(listener);
    return () => this.changeListeners.delete(listener);
  }

  /** The manager of one client registration, created (and oidc-client-ts loaded) on first use. */
  private manager(type: SignedInType): Promise<SessionUserManager> {
    let manager = this.managers[type];
    if (!manager) {
      manager = Promise.resolve(this.createUserManager(this.settings[type])).then((created) => {
        const { events } = created;
        // Sign-ins and refresh-token renewals both raise userLoaded; removals raise userUnloaded.
        events.addUserLoaded((user) => this.setUser(type, user));
        events.addUserUnloaded(() => this.setUser(type, null));
        events.addAccessTokenExpiring(() => void this.renew(type));
        events.addAccessTokenExpired(() => void this.handleAccessTokenExpired(type));
        return created;
      });
      // A failed load (offline) is tried again on the next use.
      manager.catch(() => {
        if (this.managers[type] === manager) delete this.managers[type];
      });
      this.managers[type] = manager;
    }
    return manager;
  }

  /** oidc-client-ts' storage key of this type's user. */
  private userKey(type: SignedInType): string {
    const { authority, client_id } = this.settings[type];
    return `${USER_STORE_PREFIX}user:${authority}:${client_id}`;
  }

  /** Whether oidc-client-ts holds a user of this type (checked without loading the library). */
  private hasStoredUser(type: SignedInType): boolean {
    return this.userStorage?.getItem(this.userKey(type)) != null;
  }

  /**
   * The stored user as oidc-client-ts wrote it (`User.toStorageString`), read without the library: its fields
   * and `expired`, what the session and the pages read of a user. Null when it is not such a record.
   */
  private readStoredUser(type: SignedInType): User | null {
    let record: unknown;
    try {
      record = JSON.parse(this.userStorage?.getItem(this.userKey(type)) ?? '');
    } catch {
      return null;
    }
    if (typeof record !== 'object' || record === null) return null;
    const { access_token, expires_at, profile } = record as Partial<User>;
    if (typeof access_token !== 'string' || typeof expires_at !== 'number' || typeof profile !== 'object') {
      return null;
    }
    return Object.defineProperty({ ...record }, 'expired', {
      get: () => expires_at <= Date.now() / 1000,
    }) as User;
  }

  /**
   * Loads the manager of a user restored without it a minute before its expiring notification: the manager's
   * timers then renew it as usual. The manager's own copy replaces the restored one while that one is current.
   */
  private loadManagerBeforeExpiry(type: SignedInType, restored: User): void {
    const notice = SIGN_IN_TIMINGS.accessTokenExpiringNotificationTimeInSeconds + 60;
    const delay = Math.max(0, ((restored.expires_at ?? 0) - notice) * 1000 - Date.now());
    this.retryTimers[type] = setTimeout(() => {
      void this.manager(type)
        .then(async (manager) => {
          await manager.clearStaleState().catch(() => undefined);
          const user = await manager.getUser();
          if (this.users[type] === restored) this.setUser(type, user);
        })
        .catch((error: unknown) => console.warn(`The ${type} sign-in library could not be loaded`, error));
    }, delay);
  }

  private async completeSignIn(url: string): Promise<string> {
    const type = this.authenticationType;
    let user: User;
    try {
      if (type === 'NONE') throw new SignInError('invalid_authentication_type');
      const manager = await this.manager(type);
      user = await manager.signinRedirectCallback(url);
      this.setUser(type, user);
    } catch (error) {
      this.writeType(this.fallbackType());
      this.emit('loginFailed', { error });
      throw error;
    }
    await this.loadCurrentUserOrLogout();
    this.emit('loginCompleted', { type, user });
    return this.takeRedirectTarget();
  }

  /** Spec §4 and §8.1: the current user comes from the server; when it cannot, the product logs out. */
  private async loadCurrentUserOrLogout(): Promise<void> {
    if (!this.loadCurrentUser) return;
    try {
      await this.loadCurrentUser();
    } catch (cause) {
      const error = new SignInError('user_fetch_failed', { cause });
      await this.clear({ error });
      throw error;
    }
  }

  /** Silent renewal before the token expires; a timeout is tried again after 5 s (spec §8.1, §9). */
  private async renew(type: SignedInType): Promise<void> {
    clearTimeout(this.retryTimers[type]);
    delete this.retryTimers[type];
    const user = this.users[type];
    if (!user) return;
    if (!user.refresh_token) {
      // Renewal is by refresh token only: the provider's pages may not be framed, so no iframe fallback.
      this.emit('silentRenewError', { type, error: new Error(`The ${type} sign-in has no refresh token`) });
      return;
    }
    try {
      const manager = await this.manager(type);
      await manager.signinSilent();
    } catch (error) {
      // A user removed meanwhile (logout, expiry) needs no renewal.
      if (!this.users[type]) return;
      if (isTimeout(error)) {
        this.retryTimers[type] = setTimeout(() => void this.renew(type), SIGN_IN_TIMINGS.silentRenewRetryMs);
        return;
      }
      this.emit('silentRenewError', { type, error });
    }
  }

  private async handleAccessTokenExpired(type: SignedInType): Promise<void> {
    const user = this.users[type];
    // A renewal may have landed between the timer and this handler.
    if (!user?.expired) return;
    clearTimeout(this.retryTimers[type]);
    const manager = await this.manager(type);
    await manager.removeUser();
    this.setUser(type, null);
    this.fallBackFrom(type);
  }

  private async renewExpired(
    type: SignedInType,
    manager: SessionUserManager,
    user: User,
  ): Promise<User | null> {
    if (user.refresh_token) {
      try {
        return await manager.signinSilent();
      } catch (error) {
        console.info(`The expired ${type} sign-in could not be renewed`, error);
      }
    }
    await manager.removeUser();
    return null;
  }

  /** After `type`'s user was removed: MFA → NORMAL → NONE, and a logout event when nobody is left. */
  private fallBackFrom(type: SignedInType): void {
    // A different stored type means a sign-in of that type is under way; leave it alone.
    if (this.authenticationType === type) this.writeType(this.fallbackType());
    if (!this.isAuthenticated()) this.emit('logoutCompleted', { reason: 'expired' });
  }

  private fallbackType(): AuthenticationType {
    return SIGNED_IN_TYPES.find((type) => this.users[type] && !this.users[type].expired) ?? 'NONE';
  }

  /** Spec §4: type NONE, both users removed, then loginFailed (with an error) or logoutCompleted. */
  private async logout(
    outcome: { error: unknown } | { reason: SessionEventMap['logoutCompleted']['reason'] },
  ): Promise<void> {
    this.writeType('NONE');
    this.storage.removeItem(REDIRECT_AFTER_LOGIN_KEY);
    await Promise.all(
      SIGNED_IN_TYPES.map(async (type) => {
        clearTimeout(this.retryTimers[type]);
        delete this.retryTimers[type];
        const manager = this.managers[type];
        if (manager) await (await manager).removeUser();
        // A user restored without the library is removed the library's way: its storage record.
        else this.userStorage?.removeItem(this.userKey(type));
      }),
    );
    for (const type of SIGNED_IN_TYPES) this.setUser(type, null);
    if ('error' in outcome) this.emit('loginFailed', { error: outcome.error });
    else this.emit('logoutCompleted', { reason: outcome.reason });
  }

  private takeRedirectTarget(): string {
    const stored = this.storage.getItem(REDIRECT_AFTER_LOGIN_KEY);
    this.storage.removeItem(REDIRECT_AFTER_LOGIN_KEY);
    return stored ? toSafeRedirectTarget(stored) : DEFAULT_REDIRECT_AFTER_LOGIN;
  }

  private writeType(type: AuthenticationType): void {
    this.storage.setItem(AUTHENTICATION_TYPE_KEY, type);
  }

  private setUser(type: SignedInType, user: User | null): void {
    if (this.users[type] === user) return;
    this.users[type] = user;
    for (const listener of this.changeListeners) callSafely(listener, undefined);
  }

  private emit<E extends SessionEvent>(event: E, payload: SessionEventMap[E]): void {
    for (const listener of this.listeners[event] as Set<Listener<E>>) callSafely(listener, payload);
  }
}

/** Creates the session and restores the stored users; call once at start-up. */
export async function createSession(config: PortalConfig, options?: SessionOptions): Promise<Session> {
  const session = new Session(config, options);
  await session.start();
  return session;
}

/** Addresses that are no page to land on after a sign-in: the API, the provider, the sign-in steps themselves. */
const NOT_A_PAGE = /^\/(api|oidc|auth\/callback|login)(\/|\?|#|$)/i;

/**
 * The one rule for `redirectTo` (every reader calls it: login page, auth callback, admin console): a same-origin
 * path, else the default page. Control characters and backslashes are refused outright because browsers strip or
 * re-read them (`/\t/evil.com` becomes `//evil.com`); the rest must resolve, by the browser's own URL parser, to
 * this origin. Answers the normalised path, query and fragment.
 */
export function toSafeRedirectTarget(
  target: string,
  origin: string = globalThis.location?.origin ?? 'http://portal.invalid',
): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused here
  if (!target.startsWith('/') || /[\u0000-\u001f\u007f\\]/.test(target)) return DEFAULT_REDIRECT_AFTER_LOGIN;
  let url: URL;
  try {
    url = new URL(target, origin);
  } catch {
    return DEFAULT_REDIRECT_AFTER_LOGIN;
  }
  if (url.origin !== new URL(origin).origin) return DEFAULT_REDIRECT_AFTER_LOGIN;
  const path = `${url.pathname}${url.search}${url.hash}`;
  return NOT_A_PAGE.test(path) ? DEFAULT_REDIRECT_AFTER_LOGIN : path;
}

function callSafely<T>(listener: (payload: T) => void, payload: T): void {
  try {
    listener(payload);
  } catch (error) {
    console.error('A session listener failed', error);
  }
}
