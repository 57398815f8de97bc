import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import {
  ADMIN_ROWS_PER_PAGE,
  CATALOGUE_PAGE_SIZE,
  CUSTOM_BUNDLE_TOOL_LIMIT,
  MY_PROJECTS_PAGE_SIZE,
} from '@portal/resources';

/**
 * Page sizes the apps ask the project lists and the catalogue for, written into the statement's text so one generic
 * plan serves (server README, "Benchmark figures"); any other size is a parameter, planned on every call.
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
 * A row count as a parameter priced alike in every plan (behind a sub-select), so PostgreSQL keeps the generic
 * plan after five calls instead of planning again whenever the first calls were near the front.
 */
export const unpriced = (value: SQL | Placeholder): SQL => sql`(select ${value}::bigint)`;
