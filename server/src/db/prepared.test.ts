import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PreparedShapes } from './prepared.js';

/** A query as Drizzle's builders give it: its text and parameters, and the name it is prepared under. */
const query = (text: string, params: unknown[]) => ({
  prepare: (name: string) => ({ name, text }),
  toSQL: () => ({ sql: text, params }),
});

describe('PreparedShapes (statements kept per database and shape)', () => {
  it('keeps a shape whose values are all placeholders, named by its text, once per database', () => {
    const shapes = new PreparedShapes<{ page: ReturnType<typeof query>; count: ReturnType<typeof query> }>(
      'things',
    );
    let built = 0;
    const build = (text: string) => () => {
      built += 1;
      return { page: query(text, [sql.placeholder('a')]), count: query(`${text} count`, []) };
    };
    const db = {};
    const first = shapes.of(db, 'by-name', build('select 1 where a = $1'));
    expect(shapes.of(db, 'by-name', build('select 1 where a = $1'))).toBe(first);
    expect(built).toBe(1);
    expect(first.page.name).toMatch(/^things_page_[0-9a-f]{16}$/);
    expect(first.count.name).toBe(first.page.name.replace('_page_', '_count_'));
    // Another shape of the same text shares its name (one statement per connection); another text has its own.
    expect(shapes.of(db, 'same-text', build('select 1 where a = $1')).page.name).toBe(first.page.name);
    expect(shapes.of(db, 'other', build('select 2 where a = $1')).page.name).not.toBe(first.page.name);
    // Another database prepares its own.
    expect(shapes.of({}, 'by-name', build('select 1 where a = $1'))).not.toBe(first);
  });

  it('builds a shape holding a value for each call, unnamed, so the value never answers a later call', () => {
    const shapes = new PreparedShapes<{ page: ReturnType<typeof query> }>('things');
    const db = {};
    const values: unknown[] = [];
    const at = (now: string) => () => {
      values.push(now);
      return { page: query('select 1 where at < $1', [now]) };
    };
    const first = shapes.of(db, 'by-clock', at('08:00'));
    const second = shapes.of(db, 'by-clock', at('09:00'));
    expect(second).not.toBe(first);
    expect(values).toEqual(['08:00', '09:00']);
    expect([first.page.name, second.page.name]).toEqual(['', '']);
  });

  it('names at most 400 texts per database: a connection keeps every named statement until it closes', () => {
    const shapes = new PreparedShapes<{ page: ReturnType<typeof query> }>('things');
    const db = {};
    const build = (n: number) => () => ({ page: query(`select ${n}`, []) });
    for (let n = 0; n < 400; n += 1) expect(shapes.of(db, `shape-${n}`, build(n)).page.name).not.toBe('');
    // Shape 0 has left the kept shapes (200), but its text keeps its name; a 401st text is unnamed.
    expect(shapes.of(db, 'shape-0', build(0)).page.name).toMatch(/^things_page_/);
    expect(shapes.of(db, 'shape-400', build(400)).page.name).toBe('');
    expect(shapes.of({}, 'shape-400', build(400)).page.name).toMatch(/^things_page_/);
  });

  it('keeps at most 200 shapes per database, the earliest made leaving first', () => {
    const shapes = new PreparedShapes<{ page: ReturnType<typeof query> }>('things');
    const db = {};
    const build = (n: number) => () => ({ page: query(`select ${n}`, []) });
    const first = shapes.of(db, 'shape-0', build(0));
    for (let n = 1; n <= 200; n += 1) shapes.of(db, `shape-${n}`, build(n));
    expect(shapes.of(db, 'shape-200', build(200))).toBe(shapes.of(db, 'shape-200', build(200)));
    expect(shapes.of(db, 'shape-0', build(0))).not.toBe(first);
  });
});
