import type { ApiClient } from '@portal/data-provider';
import {
  listFilterSchema,
  onlyKnownFields,
  rowsPerPageOf,
  type ResourceDefinition,
  type ResourceRecord,
} from '@portal/resources';
import type { DataProvider, GetListParams, RaRecord, SortPayload } from 'react-admin';
import { toAdminError } from './errors';

type DataMethod =
  | 'getList'
  | 'getOne'
  | 'getMany'
  | 'getManyReference'
  | 'create'
  | 'update'
  | 'updateMany'
  | 'delete'
  | 'deleteMany';

/**
 * What a resource does differently from the simple-rest dialect (user roles, for one): methods answered its own
 * way, and how a record the API answers becomes the console's record (applied by the generic methods), typed by
 * the definition's `record` schema.
 */
export interface ResourceAdapter<D extends ResourceDefinition = ResourceDefinition> extends Partial<
  Pick<DataProvider, DataMethod>
> {
  // A method, not a function property: an adapter of one definition then stands in the by-name table of all
  // adapters; the provider calls it only with records of that definition's routes (looked up by its name).
  toRecord?(record: ResourceRecord<D>): RaRecord;
}

export interface AdminDataProviderOptions {
  /** The API client of @portal/data-provider: bearer token, CSRF header, Range pagination, error body. */
  api: ApiClient;
  definitions: readonly ResourceDefinition[];
  adapters?: Record<string, ResourceAdapter>;
}

/** The largest page the API serves. */
const MAX_PAGE_SIZE = 1000;

interface Params {
  meta?: Record<string, unknown>;
}

/**
 * A definition's API path with its parameters filled in: `boards/{boardId}/serial-numbers` takes `boardId`
 * from the call's `meta` (or, for lists, from the filter, where it then does not count as a filter).
 */
export function resolvePath(path: string, values: Record<string, unknown> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_match, key: string) => {
    const value = values[key];
    if (value === undefined || value === null || value === '') {
      throw new Error(`The path ${path} needs ${key}`);
    }
    return encodeURIComponent(String(value));
  });
}

const pathParameters = (path: string) => [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);

/**
 * react-admin's data provider over the resource definitions, speaking the simple-rest dialect through the
 * API client: each resource name goes to its definition's API path (nested paths too, with the `Range` unit
 * still the resource name), records without an `id` get one from their `idField`, a singleton is read and
 * written at the path itself, list parameters stay within what the definition allows (a reference picker's
 * default sort by `id` or an unknown filter would be refused), and every failure becomes an `HttpError`
 * whose messages land on the form's fields.
 */
export function createAdminDataProvider({
  api,
  definitions,
  adapters = {},
}: AdminDataProviderOptions): DataProvider {
  const byName = new Map(definitions.map((definition) => [definition.name, definition]));
  const filterKeys = new Map(
    definitions.map((definition) => [
      definition.name,
      new Set(Object.keys(listFilterSchema(definition).shape)),
    ]),
  );

  const definitionOf = (resource: string): ResourceDefinition => {
    const definition = byName.get(resource);
    if (!definition) throw new Error(`No resource definition named ${resource}`);
    return definition;
  };

  const withId = (definition: ResourceDefinition, record: ResourceRecord<ResourceDefinition>): RaRecord => {
    const toRecord = adapters[definition.name]?.toRecord;
    if (toRecord) return toRecord(record);
    if (definition.singleton) return { ...record, id: definition.name };
    // react-admin needs an `id`; a definition without `idField` answers records that have one.
    const id = record[definition.idField ?? 'id'];
    return { ...record, id: typeof id === 'number' ? id : String(id ?? '') };
  };

  /** The definition's routes at its path, `{name}` parameters filled in from the call's meta (or list filter). */
  const routesOf = (definition: ResourceDefinition, params: Params, filter?: Record<string, unknown>) =>
    api.resource(definition, resolvePath(definition.path, { ...filter, ...params.meta }));

  async function list(definition: ResourceDefinition, params: GetListParams) {
    const sortable = definition.list.sortable;
    const sort: SortPayload =
      params.sort && sortable.includes(params.sort.field) ? params.sort : definition.list.defaultSort;
    const allowed = filterKeys.get(definition.name)!;
    const fromPath = new Set(pathParameters(definition.path));
    const inQuery = new Set(definition.list.filters.filter((f) => f.sentAs === 'query').map((f) => f.source));
    const filter: Record<string, unknown> = {};
    const ownParameters = new URLSearchParams();
    for (const [key, value] of Object.entries(params.filter ?? {})) {
      if (fromPath.has(key) || !allowed.has(key)) continue;
      if (value === '' || value === undefined || value === null) continue;
      if (inQuery.has(key)) ownParameters.set(key, String(value));
      else filter[key] = value;
    }
    const page = params.pagination ?? { page: 1, perPage: rowsPerPageOf(definition) };
    const limit = Math.max(1, Math.min(page.perPage, MAX_PAGE_SIZE));
    const { data, range } = await routesOf(definition, params, params.filter).list(
      {
        offset: (page.page - 1) * limit,
        limit,
        // An API that takes no sort (nothing sortable) gets none.
        ...(sortable.length ? { sort: [sort.field, sort.order === 'DESC' ? 'DESC' : 'ASC'] } : {}),
        ...(Object.keys(filter).length || !inQuery.size ? { filter } : {}),
        signal: params.signal,
      },
      ownParameters,
    );
    return { data: data.map((record) => withId(definition, record)), total: range.total };
  }

  const provider: Required<Pick<DataProvider, DataMethod>> = {
    getList: async (resource, params) => {
      const definition = definitionOf(resource);
      if (definition.singleton) {
        return {
          data: [withId(definition, await api.resource(definition).read(undefined))],
          total: 1,
        } as never;
      }
      return (await list(definition, params)) as never;
    },
    getOne: async (resource, params) => {
      const definition = definitionOf(resource);
      const id = definition.singleton ? undefined : params.id;
      const record = await routesOf(definition, params).read(id, { signal: params.signal });
      return { data: withId(definition, record) } as never;
    },
    getMany: async (resource, params) => {
      const definition = definitionOf(resource);
      if (params.ids.length === 0) return { data: [] };
      // Without a range the API answers every match: getMany's `filter={"id":[...]}`.
      const data = await routesOf(definition, params).many(params.ids, { signal: params.signal });
      return { data: data.map((record) => withId(definition, record)) } as never;
    },
    getManyReference: async (resource, params) => {
      const definition = definitionOf(resource);
      return list(definition, {
        ...params,
        filter: { ...params.filter, [params.target]: params.id },
      }) as never;
    },
    create: async (resource, params) => {
      const definition = definitionOf(resource);
      const created = await routesOf(definition, params).create(
        onlyKnownFields(definition.create, params.data as Record<string, unknown>),
      );
      return { data: withId(definition, created) } as never;
    },
    update: async (resource, params) => {
      const definition = definitionOf(resource);
      const id = definition.singleton ? undefined : params.id;
      // The form holds the whole record (its id, dates, computed fields): only what the API takes is sent.
      const body = onlyKnownFields(definition.update, params.data as Record<string, unknown>);
      const updated = await routesOf(definition, params).update(id, body);
      return { data: withId(definition, updated) } as never;
    },
    updateMany: async (resource, params) => {
      await Promise.all(
        params.ids.map((id) =>
          provider.update(resource, { id, data: params.data, previousData: { id }, meta: params.meta }),
        ),
      );
      return { data: params.ids };
    },
    delete: async (resource, params) => {
      const definition = definitionOf(resource);
      const removed = await routesOf(definition, params).remove(params.id);
      // An API that answers 204 still leaves react-admin the record it removed.
      return { data: withId(definition, removed ?? params.previousData ?? { id: params.id }) } as never;
    },
    deleteMany: async (resource, params) => {
      await Promise.all(params.ids.map((id) => provider.delete(resource, { id, meta: params.meta })));
      return { data: params.ids };
    },
  };

  const dataProvider = {} as DataProvider;
  for (const method of Object.keys(provider) as DataMethod[]) {
    (dataProvider as unknown as Record<string, unknown>)[method] = async (
      resource: string,
      params: unknown,
    ) => {
      const call = (adapters[resource]?.[method] ?? provider[method]) as (
        resource: string,
        params: unknown,
      ) => Promise<unknown>;
      try {
        return await call(resource, params);
      } catch (error) {
        throw toAdminError(error);
      }
    };
  }
  return dataProvider;
}

/** A file answer (CSV, QR codes) of a GET under the API root, fetched with the session's token. */
export type Download = (path: string, accept: string) => Promise<Blob>;

/** Downloads files the JSON client cannot read (`fetchFile`); failures become the same errors as the data provider's. */
export function createDownload({ api }: { api: Pick<ApiClient, 'fetchFile'> }): Download {
  return async (path, accept) => {
    try {
      return await (await api.fetchFile(path, { headers: { Accept: accept } })).blob();
    } catch (error) {
      throw toAdminError(error);
    }
  };
}
