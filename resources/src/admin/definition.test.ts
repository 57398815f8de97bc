import { describe, expect, it } from 'vitest';
import { boardsResource } from './resources/boards.js';
import { canAccess, listFilterSchema } from './definition.js';

const admin = { roles: [{ name: 'Admin' }] };
const companySpaceAdmin = { roles: [{ name: 'Company Space Admin' }] };
const customer = { roles: [] };

describe('canAccess', () => {
  it.each([
    [admin, 'list', true],
    [admin, 'delete', true],
    [companySpaceAdmin, 'list', false],
    [customer, 'list', false],
    [null, 'show', false],
  ] as const)('answers %o for %s on boards: %s', (user, action, allowed) => {
    expect(canAccess(user, boardsResource, action)).toBe(allowed);
  });

  it('refuses an action the definition does not list', () => {
    expect(canAccess(admin, { access: { list: ['ADMIN'] } }, 'delete')).toBe(false);
  });
});

describe('listFilterSchema', () => {
  const schema = listFilterSchema(boardsResource);

  it('accepts the declared filters, q and id', () => {
    expect(
      schema.parse({ name: 'NX', q: 'kit', productType: 'board', secure: true, id: ['a', 'b'] }),
    ).toEqual({
      name: 'NX',
      q: 'kit',
      productType: 'board',
      secure: true,
      id: ['a', 'b'],
    });
  });

  it.each([
    [{ password: 'x' }],
    [{ productType: 'rocket' }],
    [{ secure: 'yes' }],
    [{ name: 'x'.repeat(256) }],
    [{ name: { $ne: 1 } }],
  ])('refuses %o', (filter) => {
    expect(schema.safeParse(filter).success).toBe(false);
  });

  it('has no q without a search', () => {
    const noSearch = listFilterSchema({ list: { ...boardsResource.list, search: undefined } });
    expect(noSearch.safeParse({ q: 'x' }).success).toBe(false);
  });
});
