import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import type { DipAsset } from '@portal/resources';
import { createApiClient, type UploadProgress } from './api-client';
import { ApiError } from './api-error';

/**
 * A stand-in for the browser's XMLHttpRequest (Node has none): records what is sent and lets the test answer,
 * report progress, fail the connection or see the abort.
 */
class FakeXhr {
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  statusText = '';
  responseText = '';
  upload: {
    onprogress: ((event: { loaded: number; total: number; lengthComputable: boolean }) => void) | null;
  } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.onabort?.();
  }
  answer(status: number, body: unknown, statusText = '') {
    this.status = status;
    this.statusText = statusText;
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    this.onload?.();
  }
}

const projectId = '0b6f5a43-6c4e-4a43-9d0a-6f0c3d8e2a11';
const stepId = '7c1e0d9a-2f4b-4c8e-9a6d-3b5f1e2d4c6a';

function setup() {
  const requests: FakeXhr[] = [];
  const onUnauthorized = vi.fn();
  const client = createApiClient({
    baseUrl: 'http://portal.test/api/v1/',
    getAccessToken: async () => 'token-1',
    onUnauthorized,
    fetch: vi.fn(),
    createXhr: () => {
      const xhr = new FakeXhr();
      requests.push(xhr);
      return xhr as unknown as XMLHttpRequest;
    },
  });
  let seen = 0;
  /** The next request once the client has sent it (the token is read asynchronously first). */
  const sent = async () => {
    await vi.waitFor(() => expect(requests[seen]?.body).toBeDefined());
    return requests[seen++]!;
  };
  return { client, onUnauthorized, sent };
}

const file = new File(['<config/>'], 'board config.xml', { type: 'text/xml' });
const upload = (client: ReturnType<typeof setup>['client'], options: { signal?: AbortSignal } = {}) => {
  const progress: UploadProgress[] = [];
  const answer = client.upload('POST /projects/:id/dip/steps/:stepId/assets', {
    params: { id: projectId, stepId },
    query: { name: file.name },
    file,
    onProgress: (step) => progress.push(step),
    ...options,
  });
  return { answer, progress };
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('upload: a streamed file of the contract with its progress', () => {
  it('sends the bytes to the key’s path, name in the query, with the headers of every call, progress reported', async () => {
    vi.stubGlobal('document', { cookie: 'XSRF-TOKEN=csrf%201' });
    const { client, sent } = setup();
    const { answer, progress } = upload(client);
    const xhr = await sent();
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe(
      `http://portal.test/api/v1/projects/${projectId}/dip/steps/${stepId}/assets?name=board+config.xml`,
    );
    expect(xhr.body).toBe(file);
    expect(xhr.headers).toMatchObject({
      accept: 'application/json',
      authorization: 'Bearer token-1',
      'content-type': 'application/octet-stream',
      'x-xsrf-token': 'csrf 1',
    });
    xhr.upload.onprogress?.({ loaded: 4, total: 0, lengthComputable: false });
    const asset = { id: 'a-1', filename: file.name };
    xhr.answer(201, asset);
    await expect(answer).resolves.toEqual(asset);
    expect(progress).toEqual([{ loaded: 4, total: file.size }]);
  });

  it('is typed by the contract: the asset as the answer, the upload endpoints only, their parameters required', () => {
    const { client } = setup();
    type Answer = Awaited<ReturnType<typeof client.upload<'POST /projects/:id/dip/steps/:stepId/assets'>>>;
    expectTypeOf<Answer>().toEqualTypeOf<DipAsset>();
    const typeOnly = () => {
      // @ts-expect-error a JSON call is not an upload
      void client.upload('POST /projects/:id/dip/reset', { params: { id: projectId }, file });
      // @ts-expect-error the step is a path parameter of the upload
      void client.upload('POST /projects/:id/dip/steps/:stepId/assets', { params: { id: projectId }, file });
    };
    expect(typeOnly).toBeTypeOf('function');
  });

  it('a refusal is the spec’s ApiError; a 401 goes to onUnauthorized first', async () => {
    const { client, onUnauthorized, sent } = setup();
    const refused = upload(client).answer.catch((error: unknown) => error);
    const body = {
      status: 409,
      type: 'conflict',
      errors: [{ errorCode: 'duplicate_name', resources: [file.name], messages: ['The name is taken.'] }],
    };
    (await sent()).answer(409, body);
    expect(await refused).toMatchObject({ status: 409, errors: body.errors, message: 'The name is taken.' });
    expect(onUnauthorized).not.toHaveBeenCalled();

    const signedOut = upload(client).answer.catch((error: unknown) => error);
    (await sent()).answer(401, '', 'Unauthorized');
    expect(await signedOut).toBeInstanceOf(ApiError);
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });

  it('a lost connection is a network error, an answer that is not JSON an invalid one', async () => {
    const { client, sent } = setup();
    const lost = upload(client).answer;
    (await sent()).onerror?.();
    await expect(lost).rejects.toMatchObject({ status: 0, type: 'network_error' });

    const garbled = upload(client).answer;
    (await sent()).answer(201, '<html>proxy</html>');
    await expect(garbled).rejects.toMatchObject({ type: 'invalid_response' });
  });

  it('an abort, before or during the upload, rejects with an AbortError', async () => {
    const { client, sent } = setup();
    const controller = new AbortController();
    const during = upload(client, { signal: controller.signal }).answer;
    await sent();
    controller.abort();
    await expect(during).rejects.toMatchObject({ name: 'AbortError' });
    await expect(upload(client, { signal: controller.signal }).answer).rejects.toMatchObject({
      name: 'AbortError',
    });
  });
});
