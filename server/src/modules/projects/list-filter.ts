import { and, isNull, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { ProjectListFilter } from '@portal/resources';
import { projects } from '../../db/tables.js';
import { likePattern } from '../../crud/list-sql.js';

const asArray = <T>(value: T | T[]) => (Array.isArray(value) ? value : [value]);
const ph = (name: string) => sql.placeholder(name);

/**
 * A list filter as SQL with placeholders, its shape (which conditions, for the prepared statement's name) and the
 * values of its placeholders: the same statement serves every value.
 */
export function filterSql(filter: ProjectListFilter): {
  condition?: SQL;
  shape: string;
  values: Record<string, unknown>;
} {
  const conditions: SQL[] = [];
  const shape: string[] = [];
  const values: Record<string, unknown> = {};
  const anyOf = (name: 'status' | 'board' | 'id', column: PgColumn, value: string | string[]) => {
    conditions.push(sql`${column} = any(${ph(`f_${name}`)})`);
    values[`f_${name}`] = asArray(value);
    shape.push(name);
  };
  if (filter.status !== undefined) anyOf('status', projects.status, filter.status);
  if (filter.board !== undefined) anyOf('board', projects.boardId, filter.board);
  if (filter.id !== undefined) anyOf('id', projects.id, filter.id);
  if (filter.secure !== undefined) {
    conditions.push(sql`${projects.secure} = ${ph('f_secure')}`);
    values.f_secure = filter.secure;
    shape.push('secure');
  }
  if (filter.group !== undefined && filter.group !== '') {
    // "None" is reserved for "no group" (spec §5), so it asks for projects without one.
    if (filter.group.trim().toLowerCase() === 'none') {
      conditions.push(isNull(projects.groupName));
      shape.push('no-group');
    } else {
      conditions.push(sql`${projects.groupName} = ${ph('f_group')}`);
      values.f_group = filter.group;
      shape.push('group');
    }
  }
  const q = filter.q?.trim();
  if (q) {
    const pattern = ph('f_q');
    conditions.push(
      sql`(${projects.name} ilike ${pattern} or ${projects.shortRomCode} ilike ${pattern} or ${projects.salesCode} ilike ${pattern})`,
    );
    values.f_q = likePattern(q);
    shape.push('q');
  }
  return { condition: conditions.length ? and(...conditions) : undefined, shape: shape.join('+'), values };
}
