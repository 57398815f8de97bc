import { createApiClient, type ApiClient } from '@portal/data-provider';
import { userRolesResource, type RoleName } from '@portal/resources';
import { describe, expect, it } from 'vitest';
import { createAdminDataProvider } from '../../providers/admin-data-provider';
import { userRolesAdapter, type UserRoleRecord } from './adapter';

const user = (email: string, roles: RoleName[]) => ({
  id: `id-${email}`,
  username: email,
  email,
  givenName: null,
  familyName: null,
  company: null,
  country: null,
  emailVerified: true,
  roles: roles.map((name) => ({ name })),
});

/** The real client on a stubbed server that records each call (path under the API root, method, JSON body). */
function fakeApi() {
  const calls: { path: string; method: string; json?: unknown }[] = [];
  const api: ApiClient = createApiClient({
    baseUrl: 'http://portal.test/api/v1',
    getAccessToken: () => 't',
    fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input)).pathname.replace(/^\/api\/v1\//, '');
      const method = init?.method ?? 'GET';
      calls.push({ path, method, json: init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined });
      const body = method === 'GET' ? [user('a@portal.test', ['Admin'])] : user('a@portal.test', []);
      return new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
    }) as typeof fetch,
  });
  return { api, calls };
}

describe('userRolesAdapter', () => {
  it('lists the holders of a role through ?role= by the definition, one row per user by email', async () => {
    const urls: string[] = [];
    const api = createApiClient({
      baseUrl: 'http://portal.test/api/v1',
      getAccessToken: () => 't',
      fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
        urls.push(`${String(input)} ${new Headers(init?.headers).get('Range')}`);
        return new Response(JSON.stringify([user('a@portal.test', ['Admin', 'Support'])]), {
          headers: { 'Content-Type': 'application/json', 'Content-Range': 'user-roles 10-10/11' },
        });
      }) as typeof fetch,
    });
    const dataProvider = createAdminDataProvider({
      api,
      definitions: [userRolesResource],
      adapters: { 'user-roles': userRolesAdapter(api) },
    });
    const result = await dataProvider.getList('user-roles', {
      pagination: { page: 2, perPage: 10 },
      sort: { field: 'email', order: 'DESC' },
      filter: { role: 'Support', q: 'ignored' },
    });
    // The role in its own parameter; no sort, filter or search the API does not take.
    const [url, range] = urls[0]!.split(' ');
    const asked = new URL(url!);
    expect(asked.pathname).toBe('/api/v1/users/roles');
    expect(asked.searchParams.get('role')).toBe('Support');
    expect(asked.searchParams.has('sort')).toBe(false);
    expect(asked.searchParams.has('filter')).toBe(false);
    expect(range).toBe('roles=10-19');
    expect(result).toEqual({
      total: 11,
      data: [
        {
          id: 'a@portal.test',
          email: 'a@portal.test',
          roles: ['Admin', 'Support'],
          userId: 'id-a@portal.test',
          username: 'a@portal.test',
        },
      ],
    });
  });

  it('grants the added roles and removes the dropped ones, with the own-role confirmation when given', async () => {
    const { api, calls } = fakeApi();
    const previous: UserRoleRecord = {
      id: 'a@portal.test',
      email: 'a@portal.test',
      roles: ['Admin', 'Support'],
      userId: 'u',
      username: 'a',
    };
    await userRolesAdapter(api).update!('user-roles', {
      id: 'a@portal.test',
      data: { roles: ['Admin', 'Internal User'] },
      previousData: previous,
      meta: { confirmOwnRole: true },
    });
    expect(calls).toEqual([
      { path: 'users/roles', method: 'POST', json: { role: 'Internal User', user: 'a@portal.test' } },
      {
        path: 'users/roles',
        method: 'DELETE',
        json: { role: 'Support', user: 'a@portal.test', confirmOwnRole: true },
      },
    ]);
  });

  it('creates by granting each chosen role, and deletes by removing every role', async () => {
    const { api, calls } = fakeApi();
    const adapter = userRolesAdapter(api);
    await adapter.create!('user-roles', {
      data: { email: 'b@portal.test', roles: ['Support', 'OSTS User'] },
    });
    await adapter.delete!('user-roles', {
      id: 'b@portal.test',
      previousData: {
        id: 'b@portal.test',
        email: 'b@portal.test',
        roles: ['Support'],
        userId: 'u',
        username: 'b',
      },
    });
    expect(calls.map((call) => `${call.method} ${JSON.stringify(call.json)}`)).toEqual([
      'POST {"role":"Support","user":"b@portal.test"}',
      'POST {"role":"OSTS User","user":"b@portal.test"}',
      'DELETE {"role":"Support","user":"b@portal.test"}',
    ]);
  });

  it('turns a record of its definition into a row, typed by the definition (no cast)', () => {
    const { api } = fakeApi();
    const { toRecord } = userRolesAdapter(api);
    expect(toRecord?.(user('c@portal.test', ['Support']))).toMatchObject({
      id: 'c@portal.test',
      roles: ['Support'],
    });
    // @ts-expect-error a record of another definition is not a user of the user roles definition
    expect(() => toRecord?.({ name: 'Partner' })).toThrow();
  });
});
