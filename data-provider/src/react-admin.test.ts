import { HttpError } from 'ra-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAuthProvider, createDataProvider, toReactAdminError, type AuthSession } from './react-admin';
import type { User } from '@portal/resources';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('toReactAdminError', () => {
  it('keys field messages by resource name and keeps the spec errors', () => {
    const error = toReactAdminError(
      new HttpError('Conflict', 409, {
        status: 409,
        type: 'conflict',
        errors: [
          {
            errorCode: 'owner_equals_substitute',
            resources: ['substitute'],
            messages: ['Owner and substitute differ.'],
          },
          { errorCode: 'invalid_name', resources: ['name'], messages: ['Name is invalid.'] },
        ],
      }),
    ) as HttpError;
    expect(error).toBeInstanceOf(HttpError);
    expect(error.status).toBe(409);
    expect(error.message).toBe('Owner and substitute differ. Name is invalid.');
    expect(error.body.errors).toEqual({
      substitute: 'Owner and substitute differ.',
      name: 'Name is invalid.',
      root: { serverError: 'Owner and substitute differ. Name is invalid.' },
    });
    expect(error.body.apiErrors).toHaveLength(2);
  });

  it('has no field errors when no resource is named, so react-admin notifies instead', () => {
    const error = toReactAdminError(
      new HttpError('Forbidden', 403, {
        status: 403,
        type: 'forbidden',
        errors: [{ errorCode: 'forbidden', resources: [], messages: ['Admins only.'] }],
      }),
    ) as HttpError;
    expect(error.message).toBe('Admins only.');
    expect(error.body.errors).toBeUndefined();
  });

  it('passes other errors through', () => {
    const error = new TypeError('Failed to fetch');
    expect(toReactAdminError(error)).toBe(error);
  });
});

describe('createDataProvider', () => {
  it('pages boards with Range and reads the Content-Range total, with the bearer token', async () => {
    const fetchMock = vi.fn<typeof fetch>(
      async () =>
        new Response(JSON.stringify([{ id: 'b1', name: 'EVK' }]), {
          headers: { 'Content-Type': 'application/json', 'Content-Range': 'boards 0-24/26' },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const dataProvider = createDataProvider('http://portal.test/api/v1', () => 'token-1');

    const result = await dataProvider.getList('boards', {
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'name', order: 'ASC' },
      filter: { q: 'evk' },
    });
    expect(result).toEqual({ data: [{ id: 'b1', name: 'EVK' }], total: 26 });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    const headers = new Headers(init?.headers);
    expect(headers.get('Authorization')).toBe('Bearer token-1');
    expect(headers.get('Range')).toBe('boards=0-24');
    expect(headers.get('Cache-Control')).toBe('no-cache');
    const query = new URL(String(url)).searchParams;
    expect(query.get('range')).toBe('[0,24]');
    expect(query.get('sort')).toBe('["name","ASC"]');
    expect(query.get('filter')).toBe('{"q":"evk"}');
  });

  it('rejects with the mapped HttpError', async () => {
    const body = {
      status: 403,
      type: 'forbidden',
      errors: [{ errorCode: 'forbidden', resources: [], messages: ['No.'] }],
    };
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify(body), { status: 403 }));
    const dataProvider = createDataProvider('http://portal.test/api/v1', () => null);
    await expect(dataProvider.getOne('boards', { id: 'b1' })).rejects.toMatchObject({
      status: 403,
      message: 'No.',
    });
  });
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
    const refusal = (errorCode: string, message: string) =>
      toReactAdminError(
        new HttpError('Forbidden', 403, {
          status: 403,
          type: 'forbidden',
          errors: [{ errorCode, resources: [], messages: [message] }],
        }),
      );
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
