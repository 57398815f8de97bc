// Apart from range.ts, which every first page loads (the API client reads Content-Range): the depth bound is read
// by list pages only, and Rollup keeps a module's code in one chunk (issue 20).
/**
 * How deep an offset page may start (issue 24; the spec is silent): a page's first row is at most row 10,000 of its
 * list, 400 pages of 25 (the portal's page size) or 100 of 100 (the largest page offered). An offset page costs a
 * skip over every row before it, so a bounded depth keeps the deepest page's cost fixed however long the table grows;
 * 10,000 is the depth search engines settled on (Elasticsearch's `max_result_window`), well past what anyone pages
 * through by hand. Deeper rows are reached by narrowing the filter or reversing the sort, or (project lists) by the
 * keyset cursor, which stays unbounded.
 */
export const LIST_MAX_OFFSET = 10_000;

/** The refusal of an offset past {@link LIST_MAX_OFFSET}, as the server answers it and the clients show it. */
export const LIST_TOO_DEEP_MESSAGE = `Pages reach ${LIST_MAX_OFFSET} rows deep: narrow the filter or reverse the sort to see later rows.`;

/**
 * The number of pages of `perPage` rows a client offers for a list of `total` rows: every page whose first row is
 * within {@link LIST_MAX_OFFSET} (at least one, for an empty list).
 */
export function reachablePages(total: number, perPage: number): number {
  const pages = Math.max(1, Math.ceil(total / perPage));
  return Math.min(pages, Math.floor(LIST_MAX_OFFSET / perPage) + 1);
}
