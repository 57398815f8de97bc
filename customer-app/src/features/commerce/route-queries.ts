import type { LoaderFunctionArgs } from 'react-router';
import type { GuardDeps } from '../../session/guards';
import { catalogueListQuery } from './api/catalogue';
import { readCatalogueSearch, toListQuery, type CatalogueScope } from './catalogue/catalogue-search';

export type PrefetchDeps = Pick<GuardDeps, 'api' | 'queryClient'>;

/**
 * The first query of each catalogue route, started by its loader while the page's code loads (README, "Data and code
 * in parallel"); a failure is left to the page, which shows it with a retry.
 */
export async function prefetchCatalogue(
  { api, queryClient }: PrefetchDeps,
  { request }: LoaderFunctionArgs,
  scope: CatalogueScope,
) {
  const search = readCatalogueSearch(new URL(request.url).searchParams, scope);
  void (await queryClient.load()).prefetchQuery(catalogueListQuery(api, toListQuery(search, scope)));
}
