import type { LoaderFunctionArgs } from 'react-router';
import { documentQuery, toolQuery } from './api/catalogue';
import type { PrefetchDeps } from './route-queries';

// The tool and document pages' first queries, as route-queries.ts starts the catalogue's: in a module of their
// own, so these pages do not load the catalogue's search parameters (issue 20 budgets).

export async function prefetchTool({ api, queryClient }: PrefetchDeps, { params }: LoaderFunctionArgs) {
  if (params.featureId) void (await queryClient.load()).prefetchQuery(toolQuery(api, params.featureId));
}

export async function prefetchDocument({ api, queryClient }: PrefetchDeps, { params }: LoaderFunctionArgs) {
  if (params.featureId) void (await queryClient.load()).prefetchQuery(documentQuery(api, params.featureId));
}
