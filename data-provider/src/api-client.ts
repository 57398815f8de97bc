import { addCsrfHeader } from './csrf';
import { ApiError, INVALID_RESPONSE_TYPE, NETWORK_ERROR_TYPE, toApiErrorBody } from './api-error';
import {
  formatRangeHeader,
  parseContentRange,
  type ContentRange,
  type EndpointAnswer,
  type EndpointBody,
  type ApiEndpoints,
  type EndpointKey,
  type EndpointTable,
  type EndpointParams,
  type EndpointQuery,
  type ListEndpointKey,
  type ListItem,
  type MaintenanceInfo,
  TOOL_API_VERSION_HEADER,
  type ToolApiVersion,
  type ResourceCreateBody,
  type ResourceDefinition,
  type ResourceRecord,
  type ResourceUpdateBody,
  type UploadEndpointKey,
  type User,
} from '@portal/resources';

export type AccessTokenGetter = () => string | null | undefined | Promise<string | null | undefined>;

export interface ApiClientOptions {
  /** Absolute API root, e.g. `http://localhost:8080/api/v1` (see `PortalConfig.apiUrl`). */
  baseUrl: string;
  getAccessToken: AccessTokenGetter;
  /** Called for every 401 answer before the error is thrown (spec §4: navigate to the index page). */
  onUnauthorized?: (error: ApiError) => void;
  /**
   * The stored tool API version (spec §4), sent with every call as `X-Tool-Api-Version`; the server honours it for
   * internal users only. Unset: no header, the server answers v2.
   */
  getToolApiVersion?: () => ToolApiVersion;
  /** For tests; defaults to the global `fetch`. */
  fetch?: typeof fetch;
  /** For tests; defaults to the browser's `XMLHttpRequest` (the uploads' progress). */
  createXhr?: () => XMLHttpRequest;
}

export interface ApiRequestOptions extends Omit<RequestInit, 'body'> {
  /** Sent as a JSON body with `Content-Type: application/json`. */
  json?: unknown;
  /** Other bodies (FormData, Blob) are sent as they are. */
  body?: BodyInit | null;
  /** Set to false when the caller deals with a 401 itself (e.g. the sign-in callback). */
  handleUnauthorized?: boolean;
}

export interface ListRequest {
  offset: number;
  limit: number;
  /** `[field, 'ASC' | 'DESC']` in the simple-rest dialect. */
  sort?: readonly [string, 'ASC' | 'DESC'];
  filter?: Record<string, unknown>;
  signal?: AbortSignal;
}

/** Options of a typed call besides its parameters, query and body (signal, extra headers…). */
export type CallOptions = Omit<ApiRequestOptions, 'json' | 'body' | 'method'>;

/**
 * What a call of the contract takes: its path parameters, query and JSON body, each typed by the schema the
 * server validates (`API_ENDPOINTS` of @portal/resources). A call without a body or query takes none.
 */
export type CallInput<K extends keyof E & string, E extends EndpointTable = ApiEndpoints> = CallOptions &
  (keyof EndpointParams<K, E> extends never ? { params?: never } : { params: EndpointParams<K, E> }) &
  ([EndpointBody<K, E>] extends [never]
    ? { body?: never }
    : undefined extends EndpointBody<K, E>
      ? { body?: EndpointBody<K, E> }
      : { body: EndpointBody<K, E> }) &
  ([EndpointQuery<K, E>] extends [never] ? { query?: never } : { query?: EndpointQuery<K, E> });

/** The arguments after the endpoint: the input may be left out when nothing in it is required. */
export type CallArgs<K extends keyof E & string, E extends EndpointTable = ApiEndpoints> =
  {
    [key in never]: never;
  } extends CallInput<K, E>
    ? [input?: CallInput<K, E>]
    : [input: CallInput<K, E>];

/** `call` of a client typed by the table `E` (the apps' client: `API_ENDPOINTS`). */
export type TypedCall<E extends EndpointTable = ApiEndpoints> = <K extends keyof E & string>(
  endpoint: K,
  ...args: CallArgs<K, E>
) => Promise<EndpointAnswer<K, E>>;

export interface UploadProgress {
  /** Bytes sent so far. */
  loaded: number;
  total: number;
}

/** An upload of the contract: its path parameters and query like {@link CallInput}, the file and its progress. */
export type UploadInput<K extends UploadEndpointKey> = Omit<CallInput<K>, 'body' | 'headers'> & {
  file: Blob;
  onProgress?: (progress: UploadProgress) => void;
};

export interface ListResult<T> {
  data: T[];
  range: ContentRange;
}

/** A record's id in the path of a resource's routes. */
type RecordId = string | number;

/**
 * The generic routes of one resource definition at its path (`resourceRoutes` on the server): records typed by the
 * definition's `record` schema, bodies by its `create`/`update` schemas. A singleton (no id) is read and written at
 * the path itself.
 */
export interface ResourceCalls<D extends ResourceDefinition> {
  /** A page of the list (`Range` header, `Content-Range` answer); `query` carries the definition's own parameters. */
  list(list: ListRequest, query?: URLSearchParams): Promise<ListResult<ResourceRecord<D>>>;
  /** Every record with one of these ids, without a range (`filter={"id":[…]}`). */
  many(ids: readonly RecordId[], options?: CallOptions): Promise<ResourceRecord<D>[]>;
  read(id: RecordId | undefined, options?: CallOptions): Promise<ResourceRecord<D>>;
  create(body: ResourceCreateBody<D>): Promise<ResourceRecord<D>>;
  update(id: RecordId | undefined, body: ResourceUpdateBody<D>): Promise<ResourceRecord<D>>;
  /** The removed record; `null` when the route answers 204. */
  remove(id: RecordId): Promise<ResourceRecord<D> | null>;
}

export interface ApiClient {
  readonly baseUrl: string;
  /**
   * One call of the contract, e.g. `call('PATCH /projects/:id', { params: { id }, body })`: the path, parameters,
   * body and answer types come from the schemas the server validates with, so a changed schema breaks the caller
   * at type-check time. An empty answer (204) is `null`.
   */
  call: TypedCall;
  /** A paged list call of the contract (`Range` header, `Content-Range` answer), typed like {@link call}. */
  callList<K extends ListEndpointKey>(
    endpoint: K,
    list: ListRequest,
    input?: CallInput<K>,
  ): Promise<ListResult<ListItem<K>>>;
  /**
   * A file sent as its raw bytes to a streamed upload of the contract (`upload: true`), with its progress; the rest
   * as {@link call}. An abort rejects with an `AbortError`.
   */
  upload<K extends UploadEndpointKey>(endpoint: K, input: UploadInput<K>): Promise<EndpointAnswer<K>>;
  /**
   * The routes of a resource definition at `path` (the definition's path, its `{name}` parameters filled in),
   * typed by the definition's schemas: the admin console's generated views use it.
   */
  resource<D extends ResourceDefinition>(definition: D, path?: string): ResourceCalls<D>;
  /**
   * A file's bytes (a download URL the catalogue answered, absolute or under the API root): the raw response, signed
   * in like every call, failures thrown as {@link ApiError}. Not JSON, so not a call of the contract.
   */
  fetchFile(url: string, options?: CallOptions): Promise<Response>;
  /** `GET users/me` */
  getCurrentUser(options?: CallOptions): Promise<User>;
  /** `GET /maintenance` on the site root, not under the API root (spec calls §7.6). */
  getMaintenance(options?: ApiRequestOptions): Promise<MaintenanceInfo>;
  /** `GET feature-flags/enabled`: the keys of the enabled feature toggles (public). */
  getEnabledFeatureFlags(options?: CallOptions): Promise<string[]>;
  /** `GET projects/{id}/secure`: whether the project needs a multi-factor sign-in (spec calls §7.3). */
  isProjectSecure(projectId: string, options?: CallOptions): Promise<boolean>;
  /** `GET invitations/{id}/secure`: whether the invitation's project needs a multi-factor sign-in. */
  isInvitationSecure(invitationId: string, options?: CallOptions): Promise<boolean>;
}

export function createApiClient({
  baseUrl,
  getAccessToken,
  onUnauthorized,
  getToolApiVersion,
  fetch: fetchImpl = (...args) => fetch(...args),
  createXhr = () => new XMLHttpRequest(),
}: ApiClientOptions): ApiClient {
  const root = baseUrl.replace(/\/+$/, '');
  const apiUrl = (path: string) => `${root}/${path.replace(/^\/+/, '')}`;

  /**
   * The headers of every call: JSON answers (unless the caller accepts a file), no cache, the bearer token, the
   * tool API version, the CSRF header when it changes state.
   */
  async function headersFor(method: string | undefined, extraHeaders?: HeadersInit): Promise<Headers> {
    const headers = new Headers(extraHeaders);
    if (!headers.has('Accept')) headers.set('Accept', 'application/json');
    headers.set('Cache-Control', 'no-cache');
    const token = await getAccessToken();
    if (token) headers.set('Authorization', `Bearer ${token}`);
    if (getToolApiVersion) headers.set(TOOL_API_VERSION_HEADER, getToolApiVersion());
    addCsrfHeader(headers, method);
    return headers;
  }

  /** A failed answer as the spec's error body; a 401 first goes to `onUnauthorized` (spec §4). */
  function failure(status: number, text: string, statusText: string, handleUnauthorized = true): ApiError {
    const error = new ApiError(toApiErrorBody(status, parseJson(text) ?? text, statusText));
    if (status === 401 && handleUnauthorized) onUnauthorized?.(error);
    return error;
  }

  async function send(url: string, options: ApiRequestOptions = {}): Promise<Response> {
    const { json, handleUnauthorized = true, headers: extraHeaders, ...init } = options;
    const headers = await headersFor(init.method, extraHeaders);
    let body = init.body;
    if (json !== undefined) {
      headers.set('Content-Type', 'application/json');
      body = JSON.stringify(json);
    } else if (isBytes(body) && !headers.has('Content-Type')) {
      // Bytes go as bytes, whatever type the browser guessed for the file (the upload routes take only this).
      headers.set('Content-Type', 'application/octet-stream');
    }

    let response: Response;
    try {
      response = await fetchImpl(url, { ...init, headers, body });
    } catch (error) {
      if (isAbortError(error)) throw error;
      throw networkError(error);
    }
    if (!response.ok) {
      throw failure(response.status, await response.text(), response.statusText, handleUnauthorized);
    }
    return response;
  }

  async function request<T>(path: string, options?: ApiRequestOptions): Promise<T> {
    return readJson<T>(await send(apiUrl(path), options));
  }

  async function readJson<T>(response: Response): Promise<T> {
    return answerOf<T>(response.status, await response.text());
  }

  async function upload<K extends UploadEndpointKey>(
    endpoint: K,
    { params, query, file, onProgress, signal }: UploadInput<K>,
  ): Promise<EndpointAnswer<K>> {
    const { method, path } = resolve(endpoint, { params, query });
    // Loaded on the first upload: no page's first load carries it.
    const { sendWithProgress } = await import('./upload-xhr.js');
    const answer = await sendWithProgress(createXhr(), {
      url: apiUrl(path),
      method,
      headers: await headersFor(method),
      file,
      onProgress,
      signal,
      networkError,
    });
    if (answer.status < 200 || answer.status >= 300) {
      throw failure(answer.status, answer.text, answer.statusText);
    }
    // Typed as in `call`: the server serialised it with the endpoint's answer schema.
    return answerOf<EndpointAnswer<K>>(answer.status, answer.text);
  }

  async function requestList<T>(
    path: string,
    { offset, limit, sort, filter, signal }: ListRequest,
    options: ApiRequestOptions = {},
  ): Promise<ListResult<T>> {
    const resource = path.split('?')[0]?.split('/').filter(Boolean).pop() ?? path;
    const query = new URLSearchParams({ range: JSON.stringify([offset, offset + limit - 1]) });
    if (sort) query.set('sort', JSON.stringify(sort));
    if (filter) query.set('filter', JSON.stringify(filter));
    const headers = new Headers(options.headers);
    headers.set('Range', formatRangeHeader(resource, offset, limit));
    const separator = path.includes('?') ? '&' : '?';
    const response = await send(apiUrl(`${path}${separator}${query}`), { signal, ...options, headers });
    const data = parseJson(await response.text());
    const contentRange = response.headers.get('Content-Range');
    if (!Array.isArray(data) || !contentRange) {
      throw new ApiError(
        { status: response.status, type: INVALID_RESPONSE_TYPE, errors: [] },
        { message: 'The server answered a list call without a JSON array and a Content-Range header.' },
      );
    }
    return { data: data as T[], range: parseContentRange(contentRange) };
  }

  /** The method and the path under the API root, parameters filled in and encoded, query appended. */
  function resolve(endpoint: EndpointKey, input: { params?: object; query?: unknown } = {}) {
    const [method = 'GET', template = ''] = endpoint.split(' ');
    const params: Record<string, unknown> = { ...input.params };
    const path = template.replace(/:(\w+)/g, (_match, name: string) => {
      const value = params[name];
      if (typeof value !== 'string') throw new TypeError(`${endpoint}: the parameter "${name}" is missing.`);
      return encodeURIComponent(value);
    });
    const query = new URLSearchParams();
    for (const [name, value] of Object.entries(input.query ?? {}) as [string, unknown][]) {
      if (value !== undefined && value !== null) query.set(name, String(value));
    }
    const search = query.size > 0 ? `?${query}` : '';
    return { method, path: `${path.replace(/^\/+/, '')}${search}` };
  }

  async function call<K extends EndpointKey>(
    endpoint: K,
    ...[input]: CallArgs<K>
  ): Promise<EndpointAnswer<K>> {
    const { params, query, body, ...options } = input ?? {};
    const { method, path } = resolve(endpoint, { params, query });
    const answer = await request<EndpointAnswer<K> | undefined>(path, {
      ...options,
      method,
      ...(body === undefined ? {} : isBytes(body) ? { body } : { json: body }),
    });
    // The one place an answer gets its type: the server serialised it with the same schema (see API_ENDPOINTS).
    return answer === undefined ? (null as EndpointAnswer<K>) : answer;
  }

  function callList<K extends ListEndpointKey>(
    endpoint: K,
    list: ListRequest,
    input?: CallInput<K>,
  ): Promise<ListResult<ListItem<K>>> {
    const { params, query, body: _body, ...options } = input ?? {};
    const { path } = resolve(endpoint, { params, query });
    return requestList<ListItem<K>>(path, list, options);
  }

  function resource<D extends ResourceDefinition>(definition: D, path = definition.path): ResourceCalls<D> {
    type Row = ResourceRecord<D>;
    const at = (id: RecordId | undefined) => (id === undefined ? path : `${path}/${encodeURIComponent(id)}`);
    // The answers get their type here, as in `call`: the server serialises them with the definition's schema.
    return {
      list: (list, query) => requestList<Row>(query?.size ? `${path}?${query}` : path, list),
      many: (ids, options) =>
        request<Row[]>(`${path}?${new URLSearchParams({ filter: JSON.stringify({ id: ids }) })}`, options),
      read: (id, options) => request<Row>(at(id), options),
      create: (body) => request<Row>(path, { method: 'POST', json: body }),
      update: (id, body) => request<Row>(at(id), { method: 'PUT', json: body }),
      remove: async (id) => (await request<Row | undefined>(at(id), { method: 'DELETE' })) ?? null,
    };
  }

  return {
    baseUrl: root,
    call,
    callList,
    upload,
    resource,
    fetchFile: (url, options) => send(/^https?:\/\//.test(url) ? url : apiUrl(url), options),
    getCurrentUser: (options) => call('GET /users/me', options),
    getMaintenance: async (options) =>
      toMaintenanceInfo(
        await readJson<unknown>(await send(new URL('/maintenance', `${root}/`).href, options)),
      ),
    getEnabledFeatureFlags: async (options) => {
      // Defensive: a switch that cannot be read is off, whatever a proxy in between answered.
      const answer: unknown = await call('GET /feature-flags/enabled', options);
      const keys =
        typeof answer === 'object' && answer !== null && 'keys' in answer ? answer.keys : undefined;
      return Array.isArray(keys) ? keys.filter((key): key is string => typeof key === 'string') : [];
    },
    isProjectSecure: async (projectId, options) =>
      readIsSecure(await call('GET /projects/:id/secure', { ...options, params: { id: projectId } })),
    isInvitationSecure: async (invitationId, options) =>
      readIsSecure(await call('GET /invitations/:id/secure', { ...options, params: { id: invitationId } })),
  };
}

/** The banner as the server sends it; anything else reads as "no banner". */
function toMaintenanceInfo(answer: unknown): MaintenanceInfo {
  const record = typeof answer === 'object' && answer !== null ? (answer as Record<string, unknown>) : {};
  return { text: typeof record.text === 'string' ? record.text : '', show: record.show === true };
}

/** The spec names the answer `isSecure`: accept `{ "isSecure": true }` and a bare `true`. */
function readIsSecure(answer: unknown): boolean {
  if (typeof answer === 'boolean') return answer;
  return (
    typeof answer === 'object' && answer !== null && (answer as { isSecure?: unknown }).isSecure === true
  );
}

/** A JSON body parsed; undefined for an empty or non-JSON body. */
function parseJson(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The answer of a successful call: its JSON (undefined when empty); anything else is an invalid answer. */
function answerOf<T>(status: number, text: string): T {
  const json = parseJson(text);
  if (json === undefined && text !== '') {
    throw new ApiError(
      { status, type: INVALID_RESPONSE_TYPE, errors: [] },
      { message: 'The server answered with a response that is not JSON.' },
    );
  }
  return json as T;
}

function networkError(cause?: unknown): ApiError {
  return new ApiError(
    { status: 0, type: NETWORK_ERROR_TYPE, errors: [] },
    { message: 'The server could not be reached. Check your connection and try again.', cause },
  );
}

/** An upload's body (`fileBytesSchema`): sent as it is, not as JSON. */
const isBytes = (body: unknown): body is Blob | Uint8Array<ArrayBuffer> =>
  body instanceof Blob || body instanceof Uint8Array;

function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}
