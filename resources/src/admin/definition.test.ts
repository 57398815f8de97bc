import { describe, expect, it } from 'vitest';
import {
  ADMIN_RESOURCES,
  boardsResource,
  companySpacesResource,
  partnersResource,
} from './resources/index.js';
import { canAccess, listFilterSchema, type ResourceDefinition } from './definition.js';

const admin = { roles: [{ name: 'Admin' }] };
const companySpaceAdmin = { roles: [{ name: 'Company Space Admin' }] };
const customer = { roles: [] };
const UUID_A = '00000000-0000-4000-8000-00000000000a';
const UUID_B = '00000000-0000-4000-8000-00000000000b';

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
      schema.parse({ name: 'NX', q: 'kit', productType: 'board', secure: true, id: [UUID_A, UUID_B] }),
    ).toEqual({
      name: 'NX',
      q: 'kit',
      productType: 'board',
      secure: true,
      id: [UUID_A, UUID_B],
    });
  });

  it.each([
    [{ password: 'x' }],
    [{ productType: 'rocket' }],
    [{ secure: 'yes' }],
    [{ name: 'x'.repeat(256) }],
    [{ name: { $ne: 1 } }],
    [{ id: ['not-a-uuid'] }],
    [{ id: "1' or '1'='1" }],
  ])('refuses %o', (filter) => {
    expect(schema.safeParse(filter).success).toBe(false);
  });

  it('has no q without a search', () => {
    const noSearch = listFilterSchema({
      ...boardsResource,
      list: { ...boardsResource.list, search: undefined },
    });
    expect(noSearch.safeParse({ q: 'x' }).success).toBe(false);
  });
});

describe('the admin resource definitions', () => {
  const recordFields = (definition: ResourceDefinition) => Object.keys(definition.record.shape);

  it.each(ADMIN_RESOURCES.map((d) => [d.name, d] as const))(
    '%s names only fields its record has',
    (_name, definition) => {
      const fields = new Set(recordFields(definition));
      const named = [
        ...definition.list.columns,
        ...definition.list.sortable,
        ...(definition.list.search?.fields ?? []),
        definition.recordTitle,
        ...(definition.singleton ? [] : [definition.idField ?? 'id']),
        ...definition.fields.filter((f) => f.widget !== 'secret').map((f) => f.source),
      ];
      expect(named.filter((name) => !fields.has(name))).toEqual([]);
    },
  );

  it('gives every resource its own name and API path', () => {
    expect(new Set(ADMIN_RESOURCES.map((d) => d.name)).size).toBe(ADMIN_RESOURCES.length);
    expect(new Set(ADMIN_RESOURCES.map((d) => d.path)).size).toBe(ADMIN_RESOURCES.length);
  });

  it('lets a company space admin reach exactly company spaces and the board-viewer links (spec §2.3, §6)', () => {
    const reachable = ADMIN_RESOURCES.filter(
      (d) => canAccess(companySpaceAdmin, d, 'list') || canAccess(companySpaceAdmin, d, 'show'),
    );
    expect(reachable.map((d) => d.name).sort()).toEqual(['board-viewer-links', 'company-spaces']);
    expect(reachable.every((d) => d.rowScope === 'company-space')).toBe(true);
    expect(canAccess(companySpaceAdmin, companySpacesResource, 'delete')).toBe(false);
  });

  it('lets an admin list every listable resource and a customer none', () => {
    for (const definition of ADMIN_RESOURCES) {
      const action = definition.access.list ? 'list' : 'show';
      expect(canAccess(admin, definition, action), definition.name).toBe(true);
      expect(canAccess(customer, definition, action), definition.name).toBe(false);
    }
  });

  it('validates create payloads with the rules of the domain', () => {
    expect(partnersResource.create!.safeParse({ name: '', linkUrl: 'nope', logoUrl: null }).success).toBe(
      false,
    );
    expect(
      partnersResource.create.safeParse({ name: 'Acme', linkUrl: 'https://acme.example', logoUrl: null })
        .success,
    ).toBe(true);
  });
});
