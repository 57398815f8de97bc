import { HttpError } from 'ra-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAuthProvider, type AuthSession } from './react-admin';
import type { User } from '@portal/resources';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('createAuthProvider', () => {
  const me: User = {
    id: 'u1',
    username: 'grace',
    email: 'grace@example.com',
    givenName: null,
    familyName: 'Hopper',
    company: null,
    country: null,
    emailVerified: true,
    roles: [{ name: 'Admin' }, { name: 'Internal User' }],
  };

  function setup(authenticated = true) {
    const session = {
      isAuthenticated: vi.fn(() => authenticated),
      getAccessToken: vi.fn(() => (authenticated ? 'token-1' : null)),
      signIn: vi.fn(async () => undefined),
      signOut: vi.fn(async () => undefined),
      clear: vi.fn(async () => undefined),
    } satisfies AuthSession;
    const api = { getCurrentUser: vi.fn(async () => me) };
    const authProvider = createAuthProvider(session, api, {
      origin: 'http://portal.test',
      getReturnPath: () => '/admin/boards',
    });
    return { session, api, authProvider };
  }

  it('sends an anonymous visitor to the portal login with a return path', async () => {
    const { authProvider } = setup(false);
    await expect(authProvider.checkAuth({})).rejects.toEqual({
      redirectTo: 'http://portal.test/login?redirectTo=%2Fadmin%2Fboards',
      message: false,
    });
  });

  it('derives identity and permissions from one users/me call', async () => {
    const { authProvider, api } = setup();
    await expect(authProvider.getIdentity()).resolves.toEqual({ id: 'u1', fullName: 'Hopper' });
    await expect(authProvider.getPermissions({})).resolves.toEqual(['Admin', 'Internal User']);
    expect(api.getCurrentUser).toHaveBeenCalledOnce();
  });

  it('clears the session and goes to the index page on 401', async () => {
    const { authProvider, session } = setup();
    await expect(authProvider.checkError({ status: 401 })).rejects.toMatchObject({
      redirectTo: 'http://portal.test/',
    });
    expect(session.clear).toHaveBeenCalledOnce();
  });

  it('keeps the user signed in on 403', async () => {
    const { authProvider, session } = setup();
    const refusal: unknown = await authProvider.checkError({ status: 403 }).catch((error: unknown) => error);
    expect(refusal).toMatchObject({ logoutUser: false });
    // react-admin calls `redirectTo.startsWith` on any value that is not null or undefined.
    expect((refusal as { redirectTo?: unknown }).redirectTo).toBeUndefined();
    expect(session.clear).not.toHaveBeenCalled();
    await expect(authProvider.checkError({ status: 500 })).resolves.toBeUndefined();
  });

  it('shows the reason of a specific 403, the generic text for a plain one', async () => {
    const { authProvider } = setup();
    // As the console's data provider hands a refusal on: the message, and the spec's items as `apiErrors`.
    const refusal = (errorCode: string, message: string) =>
      new HttpError(message, 403, { apiErrors: [{ errorCode, resources: [], messages: [message] }] });
    await expect(
      authProvider.checkError(refusal('wrong_company_space', 'This belongs to another company space.')),
    ).rejects.toMatchObject({ message: 'This belongs to another company space.' });
    await expect(authProvider.checkError(refusal('forbidden', 'Admins only.'))).rejects.toMatchObject({
      message: 'ra.notification.not_authorized',
    });
  });

  it('signs out through the provider and stops react-admin from redirecting', async () => {
    const { authProvider, session } = setup();
    await expect(authProvider.logout({})).resolves.toBe(false);
    expect(session.signOut).toHaveBeenCalledOnce();
  });
});
