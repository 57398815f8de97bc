import { z } from 'zod';
import {
  LIST_MAX_OFFSET,
  LIST_TOO_DEEP_MESSAGE,
  parseRangeHeader,
  simpleRestQuerySchema,
  type FilterDefinition,
  type ResourceDefinition,
  QUERY_TEXT_MAX_LENGTH,
} from '@portal/resources';
import { badRequest } from '../transport/errors.js';

/** Query parameters of react-admin's simple-rest dialect, as strings of JSON (one schema with the apps'). */
export const listQuerystring = simpleRestQuerySchema;

/** One declared filter as a query parameter of its own (a boolean arrives as the text `true` or `false`). */
function filterParameter(filter: FilterDefinition): z.ZodType {
  const described = `${filter.label} (${filter.operator}); also accepted inside \`filter\``;
  if (filter.input === 'boolean') return z.enum(['true', 'false']).optional().describe(described);
  if (filter.choices?.length) {
    return z
      .enum(filter.choices as [string, ...string[]])
      .optional()
      .describe(described);
  }
  return z.string().max(QUERY_TEXT_MAX_LENGTH).optional().describe(described);
}

/**
 * The list querystring of a definition, for validation and OpenAPI: the simple-rest `sort`/`range`/`filter`
 * (documented with the sortable fields as an enum and the filter keys), and every declared filter and `q` as a
 * parameter of its own. The runtime checks of `sort` and `filter` stay in {@link parseListQuery}, so what the
 * data provider sends is accepted as before.
 */
export function listQuerystringFor(definition: Pick<ResourceDefinition, 'list'>) {
  const { sortable, filters, search } = definition.list;
  const sorts = sortable.flatMap((field) => [`["${field}","ASC"]`, `["${field}","DESC"]`]);
  const keys = [...filters.map((filter) => filter.source), ...(search ? ['q'] : []), 'id'];
  const shape: Record<string, z.ZodType> = {
    sort: listQuerystring.shape.sort.meta({
      description: sortable.length
        ? `JSON ["field","ASC"|"DESC"]; sortable fields: ${sortable.join(', ')}`
        : 'This list takes no sort.',
      ...(sorts.length ? { examples: sorts, enum: sorts } : {}),
    }),
    range: listQuerystring.shape.range.describe('JSON [first,last], or the Range header'),
    filter: listQuerystring.shape.filter.describe(`JSON object with the keys ${keys.join(', ')}`),
  };
  for (const filter of filters) shape[filter.source] = filterParameter(filter);
  if (search) {
    shape.q = z
      .string()
      .max(QUERY_TEXT_MAX_LENGTH)
      .optional()
      .describe(`Search over ${search.fields.join(', ')}`);
  }
  return z.object(shape);
}

/** The filters given as query parameters of their own, in the types the `filter` JSON carries. */
export function ownFilterParameters(
  definition: Pick<ResourceDefinition, 'list'>,
  query: Record<string, unknown>,
): Record<string, unknown> {
  const own: Record<string, unknown> = {};
  for (const filter of definition.list.filters) {
    const value = query[filter.source];
    if (value === undefined) continue;
    own[filter.source] = filter.input === 'boolean' ? value === 'true' : value;
  }
  if (definition.list.search && query.q !== undefined) own.q = query.q;
  return own;
}

export interface ListQuery<Sort extends string, Filter> {
  sort: { field: Sort; order: 'ASC' | 'DESC' } | null;
  /** The page: the one asked for, else the first {@link LIST_MAX_ROWS} rows. */
  range: { offset: number; limit: number };
  /** Whether the caller asked for a range (header or query). */
  rangeAsked: boolean;
  filter: Filter;
}

/**
 * The most rows one list answer holds, asked for or not (issue 17): a list called without a range answers its
 * first this many with a `Content-Range` telling the true total, so no caller can pull a whole table at once.
 */
export const LIST_MAX_ROWS = 1000;

/**
 * The page a `Range` header asks for, else the first {@link LIST_MAX_ROWS} rows; 400 for a malformed header. With
 * `keyset`, the page is found by a cursor and the offset is not read, so its depth is not bounded.
 */
function rangeOf(
  rangeHeader: string | undefined,
  keyset = false,
): { offset: number; limit: number; asked: boolean } {
  if (rangeHeader === undefined) return { offset: 0, limit: LIST_MAX_ROWS, asked: false };
  const range = parseRangeHeader(rangeHeader);
  if (!range) throw badRequest('The Range header must read <resource>=<first>-<last>.', ['Range']);
  return checkedPage({ ...range, asked: true }, keyset);
}

/**
 * The one check of every list page asked for (every offset passes here): at most {@link LIST_MAX_ROWS} rows, starting
 * at most {@link LIST_MAX_OFFSET} rows deep unless a keyset cursor places it.
 */
function checkedPage<R extends { offset: number; limit: number }>(range: R, keyset: boolean): R {
  if (range.limit > LIST_MAX_ROWS) throw badRequest(`A page holds at most ${LIST_MAX_ROWS} rows.`, ['range']);
  if (!keyset && range.offset > LIST_MAX_OFFSET) throw badRequest(LIST_TOO_DEEP_MESSAGE, ['range']);
  return range;
}

function parseJson(value: string, name: string): unknown {
  try {
    return JSON.parse(value);
  } catch {
    throw badRequest(`The ${name} parameter is not valid JSON.`, [name]);
  }
}

/** `range=[first,last]` (react-admin's simple-rest dialect): built once, as zod compiles a schema on first use. */
const rangeParameter = z
  .tuple([
    z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
    z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  ])
  .refine(([first, last]) => last >= first);

const sortSchemas = new WeakMap<readonly string[], z.ZodType<[string, string]>>();

/** `sort=["field","ASC"|"DESC"]` over a list's sortable fields: built once per list. */
function sortSchema<Sort extends string>(fields: readonly Sort[]): z.ZodType<[Sort, string]> {
  let schema = sortSchemas.get(fields);
  if (!schema) {
    schema = z.tuple([
      z.enum(fields as unknown as [Sort, ...Sort[]]),
      z.enum(['ASC', 'DESC', 'asc', 'desc']),
    ]);
    sortSchemas.set(fields, schema);
  }
  return schema as z.ZodType<[Sort, string]>;
}

/**
 * Reads sort, range and filter from the query (JSON) and the Range header. Sort fields and filters are
 * allow-listed by the caller's schemas; anything else is refused with 400.
 */
export function parseListQuery<Sort extends string, Filter extends z.ZodType>(
  query: z.infer<typeof listQuerystring>,
  rangeHeader: string | undefined,
  options: {
    sortFields: readonly Sort[];
    filter: Filter;
    ownFilters?: Record<string, unknown>;
    /** The page is placed by a keyset cursor (the range's offset unused): no depth bound. */
    keyset?: boolean;
  },
): ListQuery<Sort, z.infer<Filter>> {
  let sort: ListQuery<Sort, unknown>['sort'] = null;
  if (query.sort && !options.sortFields.length) throw badRequest('This list takes no sort.', ['sort']);
  if (query.sort) {
    const parsed = sortSchema(options.sortFields).safeParse(parseJson(query.sort, 'sort'));
    if (!parsed.success) {
      throw badRequest(
        `sort must be ["field","ASC"|"DESC"] with field one of: ${options.sortFields.join(', ')}.`,
        ['sort'],
      );
    }
    sort = { field: parsed.data[0], order: parsed.data[1].toUpperCase() as 'ASC' | 'DESC' };
  }

  let range = rangeOf(rangeHeader, options.keyset);
  if (!range.asked && query.range) {
    const parsed = rangeParameter.safeParse(parseJson(query.range, 'range'));
    if (!parsed.success) throw badRequest('range must be [first,last] with 0 <= first <= last.', ['range']);
    range = checkedPage(
      { offset: parsed.data[0], limit: parsed.data[1] - parsed.data[0] + 1, asked: true },
      options.keyset ?? false,
    );
  }

  const rawFilter = query.filter ? parseJson(query.filter, 'filter') : {};
  const filter = options.filter.safeParse(
    options.ownFilters && Object.keys(options.ownFilters).length
      ? { ...(rawFilter as object), ...options.ownFilters }
      : rawFilter,
  );
  if (!filter.success) {
    const issue = filter.error.issues[0];
    throw badRequest(`Invalid filter: ${issue?.message ?? 'not allowed'}.`, [
      'filter',
      ...(issue?.path.map(String) ?? []),
    ]);
  }
  return {
    sort,
    range: { offset: range.offset, limit: range.limit },
    rangeAsked: range.asked,
    filter: filter.data,
  };
}
