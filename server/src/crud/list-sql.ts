import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { ResourceDefinition } from '@portal/resources';

/** Escapes LIKE wildcards so a filter value matches literally. */
export const likePattern = (value: string) => `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Conditions of filters that are no column, by filter source. */
export type FilterSql = Record<string, (value: unknown) => SQL>;

/**
 * Collects a list filter's values as placeholders of a prepared statement (`values`, by placeholder name) instead
 * of parameters of one statement. `inlined` is set when a value could not be bound (a filter of its own, which
 * builds its condition from the value): such a statement holds that value and must not be kept.
 */
export interface FilterBinder {
  values: Record<string, unknown>;
  inlined: boolean;
}

/**
 * Turns a list filter, already validated against the definition's allow-list, into parameterised SQL
 * conditions: each declared filter by its operator, `q` over the definition's search fields, `id` for getMany.
 * With a `binder`, values and lists of values become its placeholders (`f_<source>`, `f_<source>[]`, `f_q`).
 */
export function filterConditions(
  definition: Pick<ResourceDefinition, 'list'>,
  columns: Record<string, PgColumn | SQL>,
  filter: Record<string, unknown>,
  own: FilterSql = {},
  binder?: FilterBinder,
): SQL | undefined {
  // Columns and computed expressions alike, as SQL, so every operator takes them.
  const column = (source: string): SQL => {
    const found = columns[source];
    if (!found) throw new Error(`${source} has no column`);
    return sql`${found}`;
  };
  const bind = (source: string, value: unknown) => {
    if (!binder) return value;
    binder.values[`f_${source}`] = value;
    return sql.placeholder(`f_${source}`);
  };
  // A list is one parameter, an array (`= any($1)`): the statement's text is the same whatever its length. Its
  // placeholder has a name of its own (`f_<source>[]`), so a list and a single value make two shapes.
  const anyOf = (target: SQL, source: string, list: unknown[]) =>
    sql`${target} = any(${binder ? bind(`${source}[]`, list) : sql.param(list)})`;
  const inline = <T>(value: T): T => {
    if (binder) binder.inlined = true;
    return value;
  };
  const conditions: SQL[] = [];
  for (const declared of definition.list.filters) {
    const value = filter[declared.source];
    if (value === undefined || value === '') continue;
    const condition = own[declared.source];
    if (condition) {
      conditions.push(condition(inline(value)));
      continue;
    }
    const target = column(declared.source);
    if (Array.isArray(value)) conditions.push(anyOf(target, declared.source, value));
    else if (declared.operator === 'contains')
      conditions.push(sql`${target} ilike ${bind(declared.source, likePattern(String(value)))}`);
    else if (declared.operator === 'gte') conditions.push(sql`${target} >= ${bind(declared.source, value)}`);
    else if (declared.operator === 'lte') conditions.push(sql`${target} <= ${bind(declared.source, value)}`);
    else conditions.push(eq(target, bind(declared.source, value)));
  }
  const q = filter.q;
  if (typeof q === 'string' && q.trim() && definition.list.search) {
    const pattern = bind('q', likePattern(q.trim()));
    conditions.push(
      or(...definition.list.search.fields.map((field) => sql`${column(field)} ilike ${pattern}`))!,
    );
  }
  const id = filter.id;
  if (id !== undefined) conditions.push(anyOf(column('id'), 'id', Array.isArray(id) ? id : [id]));
  return conditions.length ? and(...conditions) : undefined;
}
