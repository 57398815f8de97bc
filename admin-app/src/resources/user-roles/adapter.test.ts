import type { ApiClient } from '@portal/data-provider';
import { describe, expect, it, vi } from 'vitest';
import { userRolesAdapter, type UserRoleRecord } from './adapter';

const user = (email: string, roles: string[]) => ({
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

function fakeApi() {
  const calls: { path: string; method: string; json?: unknown }[] = [];
  const api = {
    baseUrl: 'http://portal.test/api/v1',
    request: vi.fn(async (path: string, options: { method?: string; json?: unknown } = {}) => {
      calls.push({ path, method: options.method ?? 'GET', json: options.json });
      return path === 'users/roles' && !options.method
        ? [user('a@portal.test', ['Admin'])]
        : user('a@portal.test', []);
    }),
    requestList: vi.fn(async () => ({
      data: [user('a@portal.test', ['Admin', 'Support'])],
      range: { offset: 0, limit: 1, total: 1 },
    })),
  } as unknown as ApiClient;
  return { api, calls };
}

describe('userRolesAdapter', () => {
  it('lists the holders of a role through ?role=, one row per user by email', async () => {
    const { api } = fakeApi();
    const result = await userRolesAdapter(api).getList!('user-roles', {
      pagination: { page: 2, perPage: 10 },
      sort: { field: 'email', order: 'ASC' },
      filter: { role: 'Support' },
    });
    expect(api.requestList).toHaveBeenCalledWith(
      'users/roles?role=Support',
      expect.objectContaining({ offset: 10, limit: 10 }),
    );
    expect(result.data).toEqual([
      {
        id: 'a@portal.test',
        email: 'a@portal.test',
        roles: ['Admin', 'Support'],
        userId: 'id-a@portal.test',
        username: 'a@portal.test',
      },
    ]);
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
});
