import { describe, expect, it } from 'vitest';
import { changedFields, recordChanges, valueText } from './diff';

describe('changedFields (issue 22 #2: changed fields only, old → new, secrets never)', () => {
  it('lists only the fields whose value changed, old and new', () => {
    expect(
      changedFields(
        { name: 'Board A', released: false, tags: ['x'] },
        { name: 'Board A', released: true, tags: ['x', 'y'] },
      ),
    ).toEqual([
      { field: 'released', before: false, after: true, hidden: false },
      { field: 'tags', before: ['x'], after: ['x', 'y'], hidden: false },
    ]);
  });

  it('shows every field of a creation as new and of a removal as old', () => {
    expect(changedFields(null, { role: 'Support' })).toEqual([
      { field: 'role', before: undefined, after: 'Support', hidden: false },
    ]);
    expect(changedFields({ role: 'Support' }, null)).toEqual([
      { field: 'role', before: 'Support', after: undefined, hidden: false },
    ]);
  });

  it('walks nested objects as dotted paths', () => {
    expect(
      changedFields({ address: { city: 'Graz', zip: '8010' } }, { address: { city: 'Wien', zip: '8010' } }),
    ).toEqual([{ field: 'address.city', before: 'Graz', after: 'Wien', hidden: false }]);
  });

  it('never returns a secret or password hash, at any depth, but says that it changed', () => {
    const changes = changedFields(
      { secretHash: 'h1', passwordHash: 'p1', owner: { apiKey: 'k1' }, credentials: { a: 1 }, name: 'svc' },
      { secretHash: 'h2', passwordHash: 'p2', owner: { apiKey: 'k2' }, credentials: { a: 2 }, name: 'svc' },
    );
    expect(changes.map((change) => change.field)).toEqual([
      'secretHash',
      'passwordHash',
      'owner.apiKey',
      'credentials',
    ]);
    expect(changes.every((change) => change.hidden)).toBe(true);
    expect(JSON.stringify(changes)).not.toMatch(/h1|h2|p1|p2|k1|k2|"a"/);
  });

  it('leaves out an unchanged secret and compares scalars as one value', () => {
    expect(changedFields({ secret: 's', n: 1 }, { secret: 's', n: 1 })).toEqual([]);
    expect(changedFields('old', 'new')).toEqual([
      { field: 'value', before: 'old', after: 'new', hidden: false },
    ]);
  });

  it('writes values as text', () => {
    expect([undefined, null, 'a', 2, ['x']].map(valueText)).toEqual(['—', 'null', 'a', '2', '["x"]']);
  });
});

describe('recordChanges (issue 45: readable creations, deletions and notes)', () => {
  it('summarises a creation by its name and the fields a person set', () => {
    expect(
      recordChanges({
        action: 'create',
        before: null,
        after: { id: 'p-1', description: 'x', fae: null, name: 'Motor', members: [], createdAt: 'now' },
      }),
    ).toEqual({
      kind: 'created',
      fields: [
        { field: 'name', before: undefined, after: 'Motor', hidden: false },
        { field: 'description', before: undefined, after: 'x', hidden: false },
      ],
    });
  });

  it('shows what a deletion removed, and a note for a secret rotation', () => {
    expect(recordChanges({ action: 'delete', before: { name: 'Old', note: null }, after: null })).toEqual({
      kind: 'deleted',
      fields: [{ field: 'name', before: 'Old', after: undefined, hidden: false }],
    });
    expect(recordChanges({ action: 'rotate_secret', before: null, after: null })).toEqual({
      kind: 'note',
      text: 'Secret rotated',
    });
  });
});
