import { createApiClient } from '@portal/data-provider';
import {
  ADMIN_DEFAULT_PER_PAGE,
  boardSerialNumbersResource,
  companySpacesResource,
  maintenanceResource,
  type ResourceDefinition,
} from '@portal/resources';
import { describe, expect, it, vi } from 'vitest';
import { gadgetsResource } from '../test/gadgets';
import { createAdminDataProvider, createDownload, resolvePath } from './admin-data-provider';
import { isCodedMessage } from './errors';

interface Call {
  method: string;
  url: URL;
  headers: Headers;
  body: unknown;
}

/** A fetch that records each call and answers what `answer` gives for it. */
function fakeApi(
  answer: (call: Call) => { status?: number; body?: unknown; headers?: Record<string, string> },
  definitions: readonly ResourceDefinition[] = [gadgetsResource, companySpacesResource, maintenanceResource],
) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const call: Call = {
      method: init?.method ?? 'GET',
      url: new URL(String(input)),
      headers: new Headers(init?.headers),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    const { status = 200, body, headers = {} } = answer(call);
    return new Response(body === undefined ? '' : JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json', ...headers },
    });
  });
  const api = createApiClient({
    baseUrl: 'http://portal.test/api/v1',
    getAccessToken: () => 'token-1',
    fetch: fetchMock as typeof fetch,
  });
  const dataProvider = createAdminDataProvider({
    api,
    definitions: [...definitions, boardSerialNumbersResource],
  });
  return { dataProvider, calls, api };
}

const query = (call: Call, name: string) => JSON.parse(call.url.searchParams.get(name) ?? 'null') as unknown;

describe('getList', () => {
  it('asks a page by Range, with the sort and filters the definition allows, and reads the total', async () => {
    const { dataProvider, calls } = fakeApi(() => ({
      body: [{ id: 'a', name: 'A' }],
      headers: { 'Content-Range': 'gadgets 10-19/42' },
    }));
    const result = await dataProvider.getList('gadgets', {
      pagination: { page: 2, perPage: 10 },
      sort: { field: 'name', order: 'DESC' },
      filter: { q: 'wid', kind: 'widget', enabled: '', secret: 'x' },
    });
    expect(result).toEqual({ data: [{ id: 'a', name: 'A' }], total: 42 });
    const [call] = calls;
    expect(call!.url.pathname).toBe('/api/v1/gadgets');
    expect(call!.headers.get('Range')).toBe('gadgets=10-19');
    expect(call!.headers.get('Authorization')).toBe('Bearer token-1');
    expect(query(call!, 'sort')).toEqual(['name', 'DESC']);
    // An empty filter is no filter; one the definition does not declare is never sent.
    expect(query(call!, 'filter')).toEqual({ q: 'wid', kind: 'widget' });
  });

  it("replaces a sort the definition does not allow (a reference picker's id) with the default sort", async () => {
    const { dataProvider, calls } = fakeApi(() => ({
      body: [],
      headers: { 'Content-Range': 'gadgets 0-0/0' },
    }));
    await dataProvider.getList('gadgets', {
      pagination: { page: 1, perPage: 5000 },
      sort: { field: 'id', order: 'DESC' },
      filter: {},
    });
    expect(query(calls[0]!, 'sort')).toEqual(['name', 'ASC']);
    // The API serves at most 1000 rows a page.
    expect(calls[0]!.headers.get('Range')).toBe('gadgets=0-999');
  });

  it("asks for the definition's rows per page when no page is given, else the console's default", async () => {
    const { dataProvider, calls } = fakeApi(() => ({ body: [], headers: { 'Content-Range': 'x 0-0/0' } }));
    for (const resource of ['gadgets', 'company-spaces'])
      await dataProvider.getList(resource, { sort: { field: 'name', order: 'ASC' }, filter: {} });
    expect(calls.map((call) => call.headers.get('Range'))).toEqual([
      `gadgets=0-${gadgetsResource.list.perPage - 1}`,
      `company-spaces=0-${ADMIN_DEFAULT_PER_PAGE - 1}`,
    ]);
  });

  it('gives records without an id the value of their id field', async () => {
    const space = { uuid: '00000000-0000-4000-8000-000000000001', name: 'Acme', members: [], faes: [] };
    const { dataProvider } = fakeApi(() => ({ body: [space], headers: { 'Content-Range': 'x 0-0/1' } }));
    const result = await dataProvider.getList('company-spaces', {
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'name', order: 'ASC' },
      filter: {},
    });
    expect(result.data[0]).toEqual({ ...space, id: space.uuid });
  });

  it('fills a nested path from the filter, which then is no filter, and keeps the resource as Range unit', async () => {
    const { dataProvider, calls } = fakeApi(() => ({
      body: [],
      headers: { 'Content-Range': 'serial-numbers 0-0/0' },
    }));
    await dataProvider.getList('serial-numbers', {
      pagination: { page: 1, perPage: 50 },
      sort: { field: 'value', order: 'ASC' },
      filter: { boardId: 'b-1', value: 'SN' },
    });
    expect(calls[0]!.url.pathname).toBe('/api/v1/boards/b-1/serial-numbers');
    expect(calls[0]!.headers.get('Range')).toBe('serial-numbers=0-49');
    expect(query(calls[0]!, 'filter')).toEqual({ value: 'SN' });
  });
});

describe('records', () => {
  it('reads, creates, updates and deletes at the definition path with the record id', async () => {
    const record = { id: 'g-1', name: 'G' };
    const { dataProvider, calls } = fakeApi(() => ({ body: record }));
    await dataProvider.getOne('gadgets', { id: 'g-1' });
    await dataProvider.create('gadgets', { data: { name: 'G' } });
    await dataProvider.update('gadgets', { id: 'g-1', data: { name: 'G' }, previousData: record });
    await dataProvider.delete('gadgets', { id: 'g-1', previousData: record });
    expect(calls.map((call) => `${call.method} ${call.url.pathname}`)).toEqual([
      'GET /api/v1/gadgets/g-1',
      'POST /api/v1/gadgets',
      'PUT /api/v1/gadgets/g-1',
      'DELETE /api/v1/gadgets/g-1',
    ]);
    expect(calls[1]!.body).toEqual({ name: 'G' });
  });

  it('asks getMany without a range, by id filter', async () => {
    const { dataProvider, calls } = fakeApi(() => ({ body: [{ id: 'a' }, { id: 'b' }] }));
    const result = await dataProvider.getMany('gadgets', { ids: ['a', 'b'] });
    expect(result.data).toHaveLength(2);
    expect(calls[0]!.headers.get('Range')).toBeNull();
    expect(query(calls[0]!, 'filter')).toEqual({ id: ['a', 'b'] });
  });

  it('deletes many records one call each and answers the ids asked', async () => {
    const { dataProvider, calls } = fakeApi((call) => ({
      body: { uuid: call.url.pathname.split('/').pop() },
    }));
    const result = await dataProvider.deleteMany('company-spaces', { ids: ['u1', 'u2'] });
    expect(result.data).toEqual(['u1', 'u2']);
    expect(calls.map((call) => call.method)).toEqual(['DELETE', 'DELETE']);
  });

  it('reads and writes a singleton at its path, as one record named after the resource', async () => {
    const { dataProvider, calls } = fakeApi(() => ({ body: { text: 'Down at 6', show: true } }));
    const read = await dataProvider.getOne('maintenance', { id: 'maintenance' });
    expect(read.data).toEqual({ id: 'maintenance', text: 'Down at 6', show: true });
    await dataProvider.update('maintenance', {
      id: 'maintenance',
      data: { text: 'Down at 6', show: true },
      previousData: read.data,
    });
    expect(calls.map((call) => `${call.method} ${call.url.pathname}`)).toEqual([
      'GET /api/v1/maintenance',
      'PUT /api/v1/maintenance',
    ]);
  });
});

describe('errors', () => {
  it("puts the API's field messages on the form's fields, validation (body.x) and rule errors alike", async () => {
    const { dataProvider } = fakeApi(() => ({
      status: 400,
      body: {
        status: 400,
        type: 'invalid_request',
        errors: [
          { errorCode: 'invalid_request', resources: ['body.name'], messages: ['Name is required.'] },
          { errorCode: 'duplicate', resources: ['code'], messages: ['This code is taken.'] },
        ],
      },
    }));
    const error = await dataProvider.create('gadgets', { data: {} }).catch((e: unknown) => e);
    expect(error).toMatchObject({
      status: 400,
      message: 'Name is required. This code is taken.',
      body: {
        errors: {
          name: 'Name is required.',
          code: 'This code is taken.',
          root: { serverError: 'Name is required. This code is taken.' },
        },
      },
    });
  });

  it('remembers the message of a coded error (spec §8.3), so its toast stays 20 s', async () => {
    const { dataProvider } = fakeApi(() => ({
      status: 409,
      body: {
        status: 409,
        type: 'conflict',
        errors: [
          {
            errorCode: 'wrong_company_space',
            resources: [],
            messages: ['This belongs to another company space.'],
          },
        ],
      },
    }));
    await dataProvider.getOne('gadgets', { id: 'x' }).catch(() => undefined);
    expect(isCodedMessage('This belongs to another company space.')).toBe(true);
    expect(isCodedMessage('Something else.')).toBe(false);
  });

  it('keeps the status react-admin decides sign-out and access by', async () => {
    const { dataProvider } = fakeApi(() => ({
      status: 403,
      body: { status: 403, type: 'forbidden', errors: [], supportId: 'sup-1' },
    }));
    const error = await dataProvider
      .getList('gadgets', {
        pagination: { page: 1, perPage: 10 },
        sort: { field: 'name', order: 'ASC' },
        filter: {},
      })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 403, body: { supportId: 'sup-1' } });
  });
});

describe('resolvePath', () => {
  it('fills and encodes parameters, and refuses a missing one', () => {
    expect(resolvePath('boards/{boardId}/links', { boardId: 'a/b' })).toBe('boards/a%2Fb/links');
    expect(() => resolvePath('boards/{boardId}/links', {})).toThrow(/boardId/);
  });
});

describe('createDownload', () => {
  it('fetches the file through the api client: its Accept, the token; a refusal as the console’s error', async () => {
    const { api, calls } = fakeApi((call) =>
      call.url.pathname.endsWith('/csv')
        ? { body: 'email,role' }
        : {
            status: 403,
            body: {
              status: 403,
              type: 'forbidden',
              errors: [{ errorCode: 'forbidden', resources: [], messages: ['Admins only.'] }],
            },
          },
    );
    const download = createDownload({ api });
    await expect((await download('users/roles/csv', 'text/csv')).text()).resolves.toBe('"email,role"');
    const [call] = calls;
    expect(call!.url.href).toBe('http://portal.test/api/v1/users/roles/csv');
    expect(call!.headers.get('Accept')).toBe('text/csv');
    expect(call!.headers.get('Authorization')).toBe('Bearer token-1');
    await expect(download('boards/qr', 'application/zip')).rejects.toMatchObject({
      message: 'Admins only.',
      status: 403,
    });
  });
});
