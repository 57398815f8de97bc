// Apart from range.ts, which every first page loads (the API client reads Content-Range): the depth bound is read
// by list pages only, and Rollup keeps a module's code in one chunk (issue 20).
/**
 * How deep an offset page may start (issue 24): a bounded depth keeps the deepest page's cost fixed however long
 * the table grows (docs/security.md, "Pages reach 10,000 rows deep").
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
