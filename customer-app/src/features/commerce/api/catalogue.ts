import type { ApiClient, ListResult } from '@portal/data-provider';
import type {
  CatalogueCategory,
  CatalogueDocument,
  CatalogueItem,
  CatalogueSortField,
  CustomBundle,
  CustomBundleInput,
  ExportAccessRequest,
  Questionnaire,
  SoftwareBundleDetail,
  ToolDetail,
} from '@portal/resources';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';

export interface CatalogueListQuery {
  /** null: every category. */
  categories: readonly CatalogueCategory[] | null;
  q: string;
  sort: CatalogueSortField;
  offset: number;
  limit: number;
}

export const catalogueKeys = {
  all: ['catalogue'] as const,
  list: (query: CatalogueListQuery) => ['catalogue', 'list', query] as const,
  tool: (featureId: string) => ['catalogue', 'tool', featureId] as const,
  bundle: (uuid: string) => ['catalogue', 'bundle', uuid] as const,
  document: (featureId: string) => ['catalogue', 'document', featureId] as const,
  questionnaire: (id: string) => ['catalogue', 'questionnaire', id] as const,
};

/** `GET catalogue`: one page of tools, bundles and documents, filtered by categories and `q`. */
export function catalogueListQuery(api: ApiClient, query: CatalogueListQuery) {
  return queryOptions<ListResult<CatalogueItem>>({
    queryKey: catalogueKeys.list(query),
    queryFn: ({ signal }) =>
      api.callList('GET /catalogue', {
        offset: query.offset,
        limit: query.limit,
        sort: query.sort === 'name' ? ['name', 'ASC'] : ['updatedAt', 'DESC'],
        filter: {
          ...(query.categories ? { categories: query.categories } : {}),
          ...(query.q ? { q: query.q } : {}),
        },
        signal,
      }),
    // The next page or search keeps the current results on screen until it arrives.
    placeholderData: keepPreviousData,
  });
}

/** `GET catalogue/tools/{featureId}`: the tool with its versions as this caller may use them. */
export function toolQuery(api: ApiClient, featureId: string) {
  return queryOptions<ToolDetail>({
    queryKey: catalogueKeys.tool(featureId),
    queryFn: ({ signal }) => api.call('GET /catalogue/tools/:featureId', { params: { featureId }, signal }),
  });
}

export function bundleQuery(api: ApiClient, uuid: string) {
  return queryOptions<SoftwareBundleDetail>({
    queryKey: catalogueKeys.bundle(uuid),
    queryFn: ({ signal }) => api.call('GET /catalogue/bundles/:uuid', { params: { uuid }, signal }),
  });
}

export function documentQuery(api: ApiClient, featureId: string) {
  return queryOptions<CatalogueDocument>({
    queryKey: catalogueKeys.document(featureId),
    queryFn: ({ signal }) =>
      api.call('GET /catalogue/documents/:featureId', { params: { featureId }, signal }),
  });
}

/** `GET catalogue/questionnaires/{id}` (signed in): the questions a cart item asks. */
export function questionnaireQuery(api: ApiClient, id: string) {
  return queryOptions<Questionnaire>({
    queryKey: catalogueKeys.questionnaire(id),
    queryFn: ({ signal }) => api.call('GET /catalogue/questionnaires/:id', { params: { id }, signal }),
    staleTime: 5 * 60_000,
  });
}

/** `POST catalogue/custom-bundles`: the server puts the bundle together (nothing is stored). */
export function createCustomBundle(api: ApiClient, input: CustomBundleInput): Promise<CustomBundle> {
  return api.call('POST /catalogue/custom-bundles', { body: input });
}

/** `POST catalogue/tools/{featureId}/export-access-requests`. */
export function requestExportAccess(
  api: ApiClient,
  featureId: string,
  reason: string | null,
): Promise<ExportAccessRequest> {
  return api.call('POST /catalogue/tools/:featureId/export-access-requests', {
    params: { featureId },
    body: { reason },
  });
}
