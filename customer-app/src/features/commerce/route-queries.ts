import type { LoaderFunctionArgs } from 'react-router';
import type { GuardDeps } from '../../session/guards';
import { catalogueListQuery } from './api/catalogue';
import { readCatalogueSearch, toListQuery, type CatalogueScope } from './catalogue/catalogue-search';

export type PrefetchDeps = Pick<GuardDeps, 'api' | 'queryClient'>;

/**
 * The first query of each catalogue route, through the same query options its page uses, started by the route's
 * loader while the page's code loads: the page finds the data under way (or there) instead of asking after its
 * code arrived (the query client loads beside the page's code: the page needs it too). A failure is left to the
 * page, which shows it with a retry.
 */
export async function prefetchCatalogue(
  { api, queryClient }: PrefetchDeps,
  { request }: LoaderFunctionArgs,
  scope: CatalogueScope,
) {
  const search = readCatalogueSearch(new URL(request.url).searchParams, scope);
  void (await queryClient.load()).prefetchQuery(catalogueListQuery(api, toListQuery(search, scope)));
}
