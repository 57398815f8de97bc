import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import {
  boardsResource,
  maintenanceResource,
  partnersResource,
  type Partner,
  type ToolApiVersion,
} from '@portal/resources';
import { createApiClient } from './api-client';
import { ApiError } from './api-error';

function jsonResponse(body: unknown, init: ResponseInit = {}): Response {
  return new Response(JSON.stringify(body), {
    ...init,
    headers: { 'Content-Type': 'application/json', ...(init.headers ?? {}) },
  });
}

/** A client whose calls are only typed, never sent. */
const client = () =>
  createApiClient({ baseUrl: 'http://portal.test/api/v1', getAccessToken: () => null, fetch: vi.fn() });

function setup(response: () => Response | Promise<Response>, token: string | null = 'token-1') {
  const fetchMock = vi.fn<typeof fetch>(async () => response());
  const onUnauthorized = vi.fn();
  const client = createApiClient({
    baseUrl: 'http://portal.test/api/v1/',
    getAccessToken: async () => token,
    onUnauthorized,
    fetch: fetchMock,
  });
  const lastRequest = () => {
    const [url, init] = fetchMock.mock.calls.at(-1) ?? [];
    return { url: String(url), init: init ?? {}, headers: new Headers(init?.headers) };
  };
  return { client, fetchMock, onUnauthorized, lastRequest };
}

const forbiddenBody = {
  status: 403,
  type: 'forbidden',
  errors: [{ errorCode: 'forbidden', resources: [], messages: ['You may not see this board.'] }],
};

describe('createApiClient', () => {
  it('sends JSON, no-cache and the bearer token', async () => {
    const { client, lastRequest } = setup(() => jsonResponse({ ok: true }));
    await expect(client.call('GET /projects/:id', { params: { id: '1' } })).resolves.toEqual({ ok: true });
    const { url, headers } = lastRequest();
    expect(url).toBe('http://portal.test/api/v1/projects/1');
    expect(headers.get('Accept')).toBe('application/json');
    expect(headers.get('Cache-Control')).toBe('no-cache');
    expect(headers.get('Authorization')).toBe('Bearer token-1');
  });

  it('fetchFile keeps the Accept of a file download, and asks JSON otherwise', async () => {
    const { client, lastRequest } = setup(() => new Response('bytes'));
    await client.fetchFile('projects/1/dip/assets/2/content', { headers: { Accept: 'application/xml' } });
    expect(lastRequest().headers.get('Accept')).toBe('application/xml');
    await client.fetchFile('https://files.test/a.zip');
    expect(lastRequest().url).toBe('https://files.test/a.zip');
    expect(lastRequest().headers.get('Accept')).toBe('application/json');
  });

  it('sends the stored tool API version as it stands at each call, and no header without a store', async () => {
    let stored: ToolApiVersion = 'v1';
    const fetchMock = vi.fn<typeof fetch>(async () => jsonResponse({ ok: true }));
    const versioned = createApiClient({
      baseUrl: 'http://portal.test/api/v1',
      getAccessToken: () => null,
      getToolApiVersion: () => stored,
      fetch: fetchMock,
    });
    const sentVersion = () =>
      new Headers(fetchMock.mock.calls.at(-1)?.[1]?.headers).get('X-Tool-Api-Version');
    await versioned.call('GET /catalogue/tools/:featureId', { params: { featureId: 'a' } });
    expect(sentVersion()).toBe('v1');
    stored = 'v2';
    await versioned.call('GET /catalogue/tools/:featureId', { params: { featureId: 'a' } });
    expect(sentVersion()).toBe('v2');

    const { client, lastRequest } = setup(() => jsonResponse({ ok: true }));
    await client.call('GET /catalogue/tools/:featureId', { params: { featureId: 'a' } });
    expect(lastRequest().headers.has('X-Tool-Api-Version')).toBe(false);
  });

  it('leaves out the Authorization header without a token', async () => {
    const { client, lastRequest } = setup(() => jsonResponse([]), null);
    await client.call('GET /users/roles');
    expect(lastRequest().headers.has('Authorization')).toBe(false);
  });

  it('serialises a json body', async () => {
    const { client, lastRequest } = setup(() => jsonResponse({ id: 'x' }, { status: 201 }));
    await client.call('POST /projects', { body: { name: 'P', board: 'B-1' } });
    const { init, headers } = lastRequest();
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"name":"P","board":"B-1"}');
    expect(headers.get('Content-Type')).toBe('application/json');
  });

  it('answers null for an empty body', async () => {
    const { client } = setup(() => new Response(null, { status: 204 }));
    await expect(client.resource(boardsResource, 'boards').remove('1')).resolves.toBeNull();
  });

  it('throws an ApiError carrying the spec error body', async () => {
    const { client, onUnauthorized } = setup(() => jsonResponse(forbiddenBody, { status: 403 }));
    const error = await client.call('GET /users/roles').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 403,
      type: 'forbidden',
      message: 'You may not see this board.',
      errors: forbiddenBody.errors,
    });
    expect((error as ApiError).hasErrorCode('forbidden')).toBe(true);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('uses the status title when the body is not the spec shape', async () => {
    const { client } = setup(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(client.call('GET /users/roles')).rejects.toMatchObject({
      status: 502,
      message: 'Service unavailable',
    });
  });

  it('calls onUnauthorized for a 401 unless the caller handles it', async () => {
    const body = { status: 401, type: 'unauthorized', errors: [] };
    const { client, onUnauthorized } = setup(() => jsonResponse(body, { status: 401 }));
    await expect(client.getCurrentUser()).rejects.toMatchObject({ status: 401, message: 'Unauthorized' });
    expect(onUnauthorized).toHaveBeenCalledOnce();
    expect(onUnauthorized.mock.calls[0]?.[0]).toBeInstanceOf(ApiError);

    await expect(client.getCurrentUser({ handleUnauthorized: false })).rejects.toBeInstanceOf(ApiError);
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });

  it('turns a network failure into an ApiError with status 0', async () => {
    const { client } = setup(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(client.call('GET /users/roles')).rejects.toMatchObject({ status: 0, type: 'network_error' });
  });

  it('lets an abort through unchanged', async () => {
    const abort = new DOMException('The operation was aborted.', 'AbortError');
    const { client } = setup(() => Promise.reject(abort));
    await expect(client.call('GET /users/roles')).rejects.toBe(abort);
  });

  it('rejects a 2xx answer that is not JSON', async () => {
    const { client } = setup(() => new Response('<html></html>', { status: 200 }));
    await expect(client.call('GET /users/roles')).rejects.toMatchObject({ type: 'invalid_response' });
  });

  describe('the routes of a resource definition', () => {
    it('sends Range and the simple-rest query, and parses Content-Range', async () => {
      const { client, lastRequest } = setup(() =>
        jsonResponse([{ id: 'a' }], { headers: { 'Content-Range': 'boards 25-25/26' } }),
      );
      const result = await client.resource(boardsResource, 'boards').list({
        offset: 25,
        limit: 25,
        sort: ['name', 'ASC'],
        filter: { q: 'evk' },
      });
      expect(result).toEqual({
        data: [{ id: 'a' }],
        range: { resource: 'boards', offset: 25, limit: 1, total: 26 },
      });
      const { url, headers } = lastRequest();
      expect(headers.get('Range')).toBe('boards=25-49');
      const query = new URL(url).searchParams;
      expect(query.get('range')).toBe('[25,49]');
      expect(query.get('sort')).toBe('["name","ASC"]');
      expect(query.get('filter')).toBe('{"q":"evk"}');
    });

    it('reads, writes and deletes at the path, the id encoded; a singleton at the path itself', async () => {
      const { client, lastRequest } = setup(() => jsonResponse({ id: 'p1', name: 'Acme' }));
      const partners = client.resource(partnersResource, 'partners');
      await partners.read('a b');
      expect(lastRequest().url).toBe('http://portal.test/api/v1/partners/a%20b');
      await partners.update('p1', { name: 'Acme', linkUrl: 'https://acme.test' });
      expect(lastRequest().init).toMatchObject({
        method: 'PUT',
        body: '{"name":"Acme","linkUrl":"https://acme.test"}',
      });
      await partners.create({ name: 'Acme', linkUrl: 'https://acme.test' });
      expect(lastRequest()).toMatchObject({
        url: 'http://portal.test/api/v1/partners',
        init: { method: 'POST' },
      });
      await partners.many(['p1', 'p2']);
      expect(new URL(lastRequest().url).searchParams.get('filter')).toBe('{"id":["p1","p2"]}');
      await client.resource(maintenanceResource).update(undefined, { text: 'Down', show: true });
      expect(lastRequest().url).toBe('http://portal.test/api/v1/maintenance');
    });

    it('types records and bodies by the definition’s schemas (checked by the type-check)', () => {
      const partners = client().resource(partnersResource);
      expectTypeOf(partners.read).returns.resolves.toEqualTypeOf<Partner>();
      const wrongBodies = () => [
        // @ts-expect-error the partner's create schema has no such field
        partners.create({ name: 'Acme', linkUrl: 'https://acme.test', colour: 'red' }),
        // @ts-expect-error a partner's name is text
        partners.update('p1', { name: 1, linkUrl: 'https://acme.test' }),
      ];
      expectTypeOf(wrongBodies).returns.items.resolves.toEqualTypeOf<Partner>();
    });

    it('rejects an answer without Content-Range', async () => {
      const { client } = setup(() => jsonResponse([]));
      await expect(client.resource(boardsResource).list({ offset: 0, limit: 25 })).rejects.toMatchObject({
        type: 'invalid_response',
      });
    });
  });
});

describe('calls of the customer shell', () => {
  it('reads the maintenance banner from the site root, not the API root (spec §7.6)', async () => {
    const { client, lastRequest } = setup(() => jsonResponse({ text: 'Down at 6', show: true }));
    await expect(client.getMaintenance()).resolves.toEqual({ text: 'Down at 6', show: true });
    expect(lastRequest().url).toBe('http://portal.test/maintenance');
  });

  it('reads a malformed banner as no banner', async () => {
    const { client } = setup(() => jsonResponse({ show: 'yes' }));
    await expect(client.getMaintenance()).resolves.toEqual({ text: '', show: false });
  });

  it('lists the enabled feature toggles', async () => {
    const { client, lastRequest } = setup(() => jsonResponse({ keys: ['instance-banner', 3] }));
    await expect(client.getEnabledFeatureFlags()).resolves.toEqual(['instance-banner']);
    expect(lastRequest().url).toBe('http://portal.test/api/v1/feature-flags/enabled');
  });

  it.each([
    [{ isSecure: true }, true],
    [{ isSecure: false }, false],
    [true, true],
    [false, false],
  ])('asks projects/{id}/secure: %j → %s', async (answer, secure) => {
    const { client, lastRequest } = setup(() => jsonResponse(answer));
    await expect(client.isProjectSecure('a b')).resolves.toBe(secure);
    expect(lastRequest().url).toBe('http://portal.test/api/v1/projects/a%20b/secure');
  });

  it('asks invitations/{id}/secure', async () => {
    const { client, lastRequest } = setup(() => jsonResponse({ isSecure: true }));
    await expect(client.isInvitationSecure('inv-1')).resolves.toBe(true);
    expect(lastRequest().url).toBe('http://portal.test/api/v1/invitations/inv-1/secure');
  });

  it('keeps the support ID of a 403 (spec §8.2)', async () => {
    const { client } = setup(() =>
      jsonResponse({ ...forbiddenBody, supportId: 'support-42' }, { status: 403 }),
    );
    const error = await client.call('GET /users/roles').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).supportId).toBe('support-42');
  });
});
