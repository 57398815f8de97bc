import { reachablePages } from '@portal/resources';

/**
 * `page` of the URL (from 1), at most the deepest page of `pageSize` rows the server answers (LIST_MAX_OFFSET): an
 * old link past it opens that page instead of an error.
 */
export function readPage(params: URLSearchParams, pageSize: number): number {
  const page = Number.parseInt(params.get('page') ?? '1', 10);
  return Number.isSafeInteger(page) && page > 1 ? Math.min(page, reachablePages(Infinity, pageSize)) : 1;
}
