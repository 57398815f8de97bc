import { and, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { ResourceDefinition } from '@portal/resources';

/** Escapes LIKE wildcards so a filter value matches literally. */
export const likePattern = (value: string) => `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Conditions of filters that are no column, by filter source. */
export type FilterSql = Record<string, (value: unknown) => SQL>;

/**
 * Turns a list filter, already validated against the definition's allow-list, into parameterised SQL
 * conditions: each declared filter by its operator, `q` over the definition's search fields, `id` for getMany.
 */
export function filterConditions(
  definition: Pick<ResourceDefinition, 'list'>,
  columns: Record<string, PgColumn | SQL>,
  filter: Record<string, unknown>,
  own: FilterSql = {},
): SQL | undefined {
  // Columns and computed expressions alike, as SQL, so every operator takes them.
  const column = (source: string): SQL => {
    const found = columns[source];
    if (!found) throw new Error(`${source} has no column`);
    return sql`${found}`;
  };
  const conditions: SQL[] = [];
  for (const declared of definition.list.filters) {
    const value = filter[declared.source];
    if (value === undefined || value === '') continue;
    const condition = own[declared.source];
    if (condition) {
      conditions.push(condition(value));
      continue;
    }
    const target = column(declared.source);
    if (Array.isArray(value)) conditions.push(inArray(target, value));
    else if (declared.operator === 'contains') conditions.push(ilike(target, likePattern(String(value))));
    else if (declared.operator === 'gte') conditions.push(sql`${target} >= ${value}`);
    else if (declared.operator === 'lte') conditions.push(sql`${target} <= ${value}`);
    else conditions.push(eq(target, value));
  }
  const q = filter.q;
  if (typeof q === 'string' && q.trim() && definition.list.search) {
    const pattern = likePattern(q.trim());
    conditions.push(or(...definition.list.search.fields.map((field) => ilike(column(field), pattern)))!);
  }
  const id = filter.id;
  if (id !== undefined) conditions.push(inArray(column('id'), Array.isArray(id) ? id : [id]));
  return conditions.length ? and(...conditions) : undefined;
}
