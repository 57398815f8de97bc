import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import {
  ADMIN_ROWS_PER_PAGE,
  CATALOGUE_PAGE_SIZE,
  CUSTOM_BUNDLE_TOOL_LIMIT,
  MY_PROJECTS_PAGE_SIZE,
} from '@portal/resources';

/**
 * Page sizes written into a page statement's text: the ones the apps ask the project lists and the catalogue for
 * (the console's choices, the catalogue's page and the custom-bundle dialog's tools, the customer's project list).
 * Any other size is a parameter, which a generic plan prices at a tenth of the rows, so such a statement is planned
 * for its values on every call.
 *
 * Used by the project lists and the catalogue, whose page reads walk covering indexes, so a plan priced for a tenth of
 * the rows still walks the index. The generic lists (`http/list.ts`) keep both as parameters and are planned per
 * call: a short statement (about 0.03 ms of planning), and on a table whose sort index is not covering, a plan
 * priced for a tenth of the rows could read the whole table and sort it.
 */
const WRITTEN_LIMITS: ReadonlySet<number> = new Set([
  ...ADMIN_ROWS_PER_PAGE,
  CATALOGUE_PAGE_SIZE,
  CUSTOM_BUNDLE_TOOL_LIMIT,
  MY_PROJECTS_PAGE_SIZE,
]);

/** `limit` when a page statement writes it into its text, else null (it is then a parameter). */
export const writtenLimit = (limit: number): number | null => (WRITTEN_LIMITS.has(limit) ? limit : null);

/** A page's limit in a statement: the size written into its text ({@link writtenLimit}'s answer), or `param`. */
export const pageLimit = (written: number | null, param: SQL | Placeholder): SQL | Placeholder =>
  written === null ? param : sql.raw(String(written));

/**
 * A row count (an offset, how many rows to read) as a parameter the planner prices the same in every plan.
 * PostgreSQL plans a prepared statement's first five calls for their values, then keeps one generic plan only if it
 * costs no more than those did on average; a generic plan prices a count parameter at a tenth of the rows, so a
 * statement whose first calls asked for pages nearer the front was planned again on every later call (about 1 ms of
 * the database's time for the project list's page at 100k projects, beside 2.5 ms running it 10,000 rows in; a
 * quarter of a millisecond, half of its time, for the catalogue's first page). Behind a sub-select the value is that
 * tenth in every plan, custom or generic, so the generic plan is kept after five calls whatever pages they asked for.
 */
export const unpriced = (value: SQL | Placeholder): SQL => sql`(select ${value}::bigint)`;
