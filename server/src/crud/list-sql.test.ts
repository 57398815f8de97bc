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

  it("binds a list of values (a filter's, getMany's ids) as one array, the same text whatever its length", () => {
    const bound = (filter: Record<string, unknown>) => {
      const binder: FilterBinder = { values: {}, inlined: false };
      return { query: render(filterConditions(definition, columns, filter, own, binder)), binder };
    };
    const two = bound({
      kind: ['x', 'y'],
      id: ['00000000-0000-0000-0000-000000000001', '00000000-0000-0000-0000-000000000002'],
    });
    const one = bound({ kind: ['z'], id: ['00000000-0000-0000-0000-000000000003'] });
    expect(two.query.sql).toBe(one.query.sql);
    expect(two.query.sql).toContain('= any(');
    expect(two.query.params.every((param) => param instanceof Placeholder)).toBe(true);
    expect(one.binder).toEqual({
      values: { 'f_kind[]': ['z'], 'f_id[]': ['00000000-0000-0000-0000-000000000003'] },
      inlined: false,
    });
    // A list and a single value of one filter are two shapes.
    expect(Object.keys(bound({ kind: 'x' }).binder.values)).toEqual(['f_kind']);
  });

  it('marks a value it cannot bind (a filter of its own) as inlined', () => {
    const binder: FilterBinder = { values: {}, inlined: false };
    const query = render(filterConditions(definition, columns, { owner: 'me' }, own, binder));
    expect(binder.inlined).toBe(true);
    expect(query.params).toEqual(['me']);
  });

  it('without a binder, makes the same conditions with the values as parameters', () => {
    const query = render(filterConditions(definition, columns, { name: 'a', kind: 'x' }, own));
    expect(query.params).toEqual(['%a%', 'x']);
    // A list stays one parameter, an array.
    expect(render(filterConditions(definition, columns, { kind: ['x', 'y'] }, own)).params).toEqual([
      ['x', 'y'],
    ]);
  });
});
