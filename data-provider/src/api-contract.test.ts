import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import {
  API_ENDPOINTS,
  type EndpointAnswer,
  type Project,
  type ProjectUpdatePayload,
} from '@portal/resources';
import { createApiClient, type TypedCall } from './api-client';

function setup(response: () => Response) {
  const fetchMock = vi.fn<typeof fetch>(async () => response());
  const client = createApiClient({
    baseUrl: 'http://portal.test/api/v1/',
    getAccessToken: () => 'token-1',
    fetch: fetchMock,
  });
  const lastRequest = () => {
    const [url, init] = fetchMock.mock.calls.at(-1) ?? [];
    return { url: String(url), init: init ?? {} };
  };
  return { client, lastRequest };
}

const json = (body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json', ...headers } });

const id = '0b6f5a43-6c4e-4a43-9d0a-6f0c3d8e2a11';

describe('call: the typed client of API_ENDPOINTS', () => {
  it('sends the key’s method to its path, parameters encoded, the body as JSON', async () => {
    const { client, lastRequest } = setup(() => json({ id: 1 }));
    await client.call('PATCH /projects/:id', { params: { id: 'a/b c' }, body: { uuid: id, name: 'P' } });
    const { url, init } = lastRequest();
    expect(url).toBe('http://portal.test/api/v1/projects/a%2Fb%20c');
    expect(init.method).toBe('PATCH');
    expect(init.body).toBe(JSON.stringify({ uuid: id, name: 'P' }));
  });

  it('fills every parameter and appends the query', async () => {
    const { client, lastRequest } = setup(() => json({}));
    await client.call('POST /projects/:id/dip/steps/:stepId/resolve', {
      params: { id: 'p1', stepId: 's1' },
      body: { checked: true },
    });
    expect(lastRequest().url).toBe('http://portal.test/api/v1/projects/p1/dip/steps/s1/resolve');
    await client.call('POST /projects', {
      query: { acceptServiceAgreement: 'true' },
      body: { name: 'P', board: 'B-1' },
    });
    expect(lastRequest().url).toBe('http://portal.test/api/v1/projects?acceptServiceAgreement=true');
  });

  it('sends no body for a call without one, and answers null for an empty (204) answer', async () => {
    const { client, lastRequest } = setup(() => new Response(null, { status: 204 }));
    await expect(client.call('DELETE /projects/:id/users/me', { params: { id: 'p1' } })).resolves.toBeNull();
    expect(lastRequest().init.method).toBe('DELETE');
    expect(lastRequest().init.body).toBeUndefined();
  });

  it('sends an upload’s bytes as they are, as application/octet-stream, whatever the file’s own type', async () => {
    const { client, lastRequest } = setup(() => json({}));
    const file = new File(['MZ'], 'tool setup.exe', { type: 'application/x-msdownload' });
    await client.call('PUT /software/:id/versions/:versionId/files/:fileName', {
      params: { id: 't1', versionId: 'v1', fileName: file.name },
      query: { os: 'windows', architecture: 'x64' },
      body: file,
    });
    const { url, init } = lastRequest();
    expect(url).toBe(
      'http://portal.test/api/v1/software/t1/versions/v1/files/tool%20setup.exe?os=windows&architecture=x64',
    );
    expect(init.body).toBe(file);
    expect(new Headers(init.headers).get('Content-Type')).toBe('application/octet-stream');
  });

  it('refuses a call whose parameter is missing before anything is sent', async () => {
    const { client, lastRequest } = setup(() => json({}));
    // @ts-expect-error `id` is a parameter of the path
    await expect(client.call('GET /projects/:id', { params: {} })).rejects.toThrow('"id"');
    expect(lastRequest().url).toBe('undefined');
  });

  it('pages a list call with the Range header and answers its records', async () => {
    const { client, lastRequest } = setup(() => json([{ id: 'a' }], { 'Content-Range': 'projects 0-0/1' }));
    const page = await client.callList('GET /projects/user', { offset: 0, limit: 10, sort: ['name', 'ASC'] });
    expect(page.range).toMatchObject({ offset: 0, total: 1 });
    const { url, init } = lastRequest();
    expect(url.startsWith('http://portal.test/api/v1/projects/user?')).toBe(true);
    expect(new Headers(init.headers).get('Range')).toBe('user=0-9');
    expectTypeOf(page.data).toEqualTypeOf<Project[]>();
  });
});

describe('the types come from the server’s schemas', () => {
  it('answers, bodies and parameters are the schemas’ types', () => {
    expectTypeOf<EndpointAnswer<'PATCH /projects/:id'>>().toEqualTypeOf<Project>();
    expectTypeOf<EndpointAnswer<'GET /projects/:id'>>().toEqualTypeOf<Project>();
    const { client } = setup(() => json({}));
    expectTypeOf(client.call<'PATCH /projects/:id'>)
      .parameter(1)
      .toMatchTypeOf<{ params: { id: string }; body: ProjectUpdatePayload }>();
    // Wrong calls do not type-check (the lines below are never run).
    void (() => {
      // @ts-expect-error an unknown field in the body
      void client.call('PATCH /projects/:id', { params: { id }, body: { uuid: id, nmae: 'P' } });
      // @ts-expect-error a call without its body
      void client.call('POST /projects/:id/fae', { params: { id } });
      // @ts-expect-error a call that takes no body
      void client.call('GET /projects/:id', { params: { id }, body: {} });
      // @ts-expect-error a path the server does not have
      void client.call('GET /projects/:id/nothing', { params: { id } });
    });
  });

  it('a changed schema breaks the code that calls it', () => {
    // The table as it would be were the server's project schema to drop `name` and its update to require it.
    const changed = {
      ...API_ENDPOINTS,
      'PATCH /projects/:id': {
        answer: API_ENDPOINTS['PATCH /projects/:id'].answer.omit({ name: true }),
        body: API_ENDPOINTS['PATCH /projects/:id'].body.required({ name: true }),
      },
    };
    const call = vi.fn(async () => ({})) as unknown as TypedCall<typeof changed>;
    void (async () => {
      // @ts-expect-error the body lacks the now required `name`
      const project = await call('PATCH /projects/:id', { params: { id }, body: { uuid: id } });
      // @ts-expect-error `name` is gone from the answer
      return project.name;
    });
    expect(Object.keys(changed)).toEqual(Object.keys(API_ENDPOINTS));
  });
});
