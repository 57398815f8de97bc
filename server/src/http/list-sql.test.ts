import { Placeholder, sql } from 'drizzle-orm';
import { PgDialect, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import type { ResourceDefinition } from '@portal/resources';
import { filterConditions, type FilterBinder } from './list-sql.js';

const things = pgTable('things', { id: uuid('id'), name: text('name'), kind: text('kind') });
const columns = { id: things.id, name: things.name, kind: things.kind };
const definition = {
  list: {
    filters: [{ source: 'name', operator: 'contains' }, { source: 'kind' }, { source: 'owner' }],
    search: { fields: ['name', 'kind'] },
  },
} as unknown as Pick<ResourceDefinition, 'list'>;
const own = { owner: (value: unknown) => sql`${things.kind} = ${value}` };
const render = (condition: ReturnType<typeof filterConditions>) => new PgDialect().sqlToQuery(condition!);

describe('filterConditions with a binder (prepared generic lists)', () => {
  it('binds single values as placeholders: the same text for other values', () => {
    const bound = (filter: Record<string, unknown>) => {
      const binder: FilterBinder = { values: {}, inlined: false };
      return { query: render(filterConditions(definition, columns, filter, own, binder)), binder };
    };
    const one = bound({ name: 'a_b', kind: 'x', q: 'y' });
    const two = bound({ name: 'other', kind: 'z', q: 'w' });
    expect(one.query.sql).toBe(two.query.sql);
    // Every parameter is a placeholder, filled from the binder's values when the statement runs.
    expect(one.query.params.map((param) => param instanceof Placeholder)).toEqual([true, true, true, true]);
    expect(one.binder).toEqual({ values: { f_name: '%a\\_b%', f_kind: 'x', f_q: '%y%' }, inlined: false });
    expect(two.binder.values).toEqual({ f_name: '%other%', f_kind: 'z', f_q: '%w%' });
  });

  it('marks a value it cannot bind (a list, a filter of its own, ids) as inlined', () => {
    for (const filter of [
      { kind: ['x', 'y'] },
      { owner: 'me' },
      { id: ['00000000-0000-0000-0000-000000000000'] },
    ]) {
      const binder: FilterBinder = { values: {}, inlined: false };
      const query = render(filterConditions(definition, columns, filter, own, binder));
      expect(binder.inlined, JSON.stringify(filter)).toBe(true);
      expect(
        query.params.some((param) => !(param instanceof Placeholder)),
        JSON.stringify(filter),
      ).toBe(true);
    }
  });

  it('without a binder, makes the same conditions with the values as parameters', () => {
    const query = render(filterConditions(definition, columns, { name: 'a', kind: 'x' }, own));
    expect(query.params).toEqual(['%a%', 'x']);
  });
});
