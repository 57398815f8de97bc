import type { AuthProvider } from 'ra-core';
import type { ApiClient } from './api-client';
import type { Session } from './session';
import { displayName, type User } from '@portal/resources';

export type AuthSession = Pick<
  Session,
  'isAuthenticated' | 'getAccessToken' | 'signIn' | 'signOut' | 'clear'
>;

/** The auth provider with the optional methods this one always has. */
export type PortalAuthProvider = AuthProvider &
  Required<Pick<AuthProvider, 'getIdentity' | 'getPermissions'>>;

export interface AuthProviderOptions {
  /** Portal origin; the customer app's `/login` and `/` live there. Defaults to `window.location.origin`. */
  origin?: string;
  /** Path to come back to after sign-in; defaults to the current path. */
  getReturnPath?: () => string;
}

/**
 * react-admin auth provider over the shared session. Sign-in happens in the customer app
 * (`/login?redirectTo=...`), so failures redirect there with a full page load.
 */
export function createAuthProvider(
  session: AuthSession,
  api: Pick<ApiClient, 'getCurrentUser'>,
  {
    origin = window.location.origin,
    getReturnPath = () => `${window.location.pathname}${window.location.search}`,
  }: AuthProviderOptions = {},
): PortalAuthProvider {
  // users/me answers identity and permissions; ask once per access token.
  let cached: { token: string; user: Promise<User> } | undefined;
  const getCurrentUser = (): Promise<User> => {
    const token = session.getAccessToken();
    if (!token) return Promise.reject(new Error('Not signed in'));
    if (cached?.token !== token) {
      const user = api.getCurrentUser();
      cached = { token, user };
      user.catch(() => {
        if (cached?.user === user) cached = undefined;
      });
    }
    return cached.user;
  };
  const loginUrl = () => `${origin}/login?redirectTo=${encodeURIComponent(getReturnPath())}`;

  return {
    login: async (params?: { redirectTo?: string }) => {
      await session.signIn({ redirectTo: params?.redirectTo ?? getReturnPath() });
    },
    logout: async () => {
      cached = undefined;
      if (session.isAuthenticated()) {
        await session.signOut();
        // signOut leaves through the provider's end-session page; react-admin must not navigate.
        return false;
      }
      return loginUrl();
    },
    checkAuth: async () => {
      if (!session.isAuthenticated()) {
        return Promise.reject({ redirectTo: loginUrl(), message: false });
      }
    },
    checkError: async (
      error:
        { status?: number; message?: string; body?: { apiErrors?: { errorCode: string }[] } } | undefined,
    ) => {
      if (error?.status === 401) {
        // The server refused the token: drop it locally and go to the index page (spec §4).
        cached = undefined;
        await session.clear();
        return Promise.reject({ redirectTo: `${origin}/`, message: false });
      }
      if (error?.status === 403) {
        // A refusal with its own reason (e.g. wrong_company_space) says it; a plain one gets the generic text.
        const code = error.body?.apiErrors?.[0]?.errorCode;
        const specific = code !== undefined && code !== 'forbidden' && !!error.message;
        // No `redirectTo`: react-admin reads a given one as a URL string (`false` threw in its handler).
        return Promise.reject({
          logoutUser: false,
          message: specific ? error.message : 'ra.notification.not_authorized',
        });
      }
    },
    getIdentity: async () => {
      const user = await getCurrentUser();
      return { id: user.id, fullName: displayName(user) };
    },
    getPermissions: async (): Promise<string[]> => {
      if (!session.isAuthenticated()) return [];
      const user = await getCurrentUser();
      return user.roles.map((role) => role.name);
    },
  };
}
