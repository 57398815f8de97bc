import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  ADMIN_RESOURCES,
  ADMIN_SUB_RESOURCES,
  boardViewerLinksResource,
  boardsResource,
  companySpacesResource,
  partnersResource,
  userRolesResource,
  viewerLinkBoardsResource,
  AUDIT_ENTITIES,
  auditLogResource,
} from './resources/index.js';
import {
  auditEntitiesOf,
  auditEntityOf,
  canAccess,
  historyEntityOf,
  listFilterSchema,
  reachableResources,
  type ResourceDefinition,
} from './definition.js';
import {
  AUDIT_ACTIONS,
  HISTORY_ENTITIES,
  WRITTEN_AUDIT_ENTITIES,
  historyKey,
  parseHistoryKey,
} from '../audit-names.js';

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

describe('reachableResources', () => {
  const readable = { name: 'readable', access: { list: ['ADMIN', 'COMPANYSPACE_ADMIN'] } } as const;
  const showOnly = { name: 'show-only', access: { show: ['COMPANYSPACE_ADMIN'] } } as const;
  const banner = { name: 'banner', singleton: true, access: { show: ['COMPANYSPACE_ADMIN'] } } as const;
  const adminOnly = { name: 'admin-only', access: { list: ['ADMIN'], show: ['ADMIN'] } } as const;
  const all = [adminOnly, readable, showOnly, banner];

  it("keeps, in order, the resources whose list (a singleton's record) the user may open", () => {
    expect(reachableResources(companySpaceAdmin, all).map((d) => d.name)).toEqual(['readable', 'banner']);
    expect(reachableResources(admin, all).map((d) => d.name)).toEqual(['admin-only', 'readable']);
    expect(reachableResources(null, all)).toEqual([]);
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

  it('refuses a declared filter named q or id, the names the list keeps for itself, or a name no plain word', () => {
    const named = (source: string): Pick<ResourceDefinition, 'list' | 'record'> => ({
      ...boardsResource,
      list: { ...boardsResource.list, filters: [{ source, label: source, operator: 'eq', input: 'text' }] },
    });
    for (const source of ['q', 'id']) {
      expect(() => listFilterSchema(named(source))).toThrow(`A list filter may not be named "${source}"`);
    }
    // `boards[]` would share the placeholder name of a list of `boards` values in the server's kept statements.
    for (const source of ['boards[]', '', '1st', 'board.name', 'a b']) {
      expect(() => listFilterSchema(named(source)), source).toThrow("A list filter's name is a plain word");
    }
    expect(() => listFilterSchema(named('board_2'))).not.toThrow();
    // Every definition's list builds.
    for (const definition of [...ADMIN_RESOURCES, ...ADMIN_SUB_RESOURCES]) {
      expect(() => listFilterSchema(definition), definition.name).not.toThrow();
    }
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

  it.each([...ADMIN_RESOURCES, ...ADMIN_SUB_RESOURCES].map((d) => [d.name, d] as const))(
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

  it('lets a company space admin write only where the definition scopes rows to their own space (spec §6)', () => {
    const writes = (d: ResourceDefinition) =>
      (['create', 'edit', 'delete'] as const).some((action) => canAccess(companySpaceAdmin, d, action));
    const writable = reachableResources(companySpaceAdmin, ADMIN_RESOURCES).filter(writes);
    expect(writable.length).toBeGreaterThan(0);
    for (const definition of writable) expect(definition.rowScope, definition.name).toBe('company-space');
    expect(canAccess(companySpaceAdmin, companySpacesResource, 'delete')).toBe(false);
  });

  it('lets an admin open every resource and a customer none', () => {
    expect(reachableResources(admin, ADMIN_RESOURCES)).toEqual(ADMIN_RESOURCES);
    expect(reachableResources(customer, ADMIN_RESOURCES)).toEqual([]);
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

  const everyDefinition = [...ADMIN_RESOURCES, ...ADMIN_SUB_RESOURCES];

  it('points every reference and read-only condition at something that exists', () => {
    const names = new Set(everyDefinition.map((d) => d.name));
    for (const definition of everyDefinition) {
      const shape = definition.record.shape as Record<string, z.ZodType>;
      for (const field of definition.fields) {
        if (field.reference)
          expect(names, `${definition.name}.${field.source}`).toContain(field.reference.resource);
        if (field.readOnlyWhen) {
          const condition = shape[field.readOnlyWhen];
          expect(condition?.safeParse(true).success, `${definition.name}.${field.readOnlyWhen}`).toBe(true);
          expect(condition?.safeParse('yes').success).toBe(false);
        }
        if (field.widget === 'string-list') {
          expect(shape[field.source]?.safeParse(['a', 'b']).success, field.source).toBe(true);
        }
      }
    }
  });

  it('makes a board release flag read-only where the data source provides it (spec §4)', () => {
    const field = boardsResource.fields.find((f) => f.source === 'releasedForRegistration');
    expect(field?.readOnlyWhen).toBe('releaseFlagReadOnly');
    expect(boardsResource.fields.filter((f) => f.widget === 'string-list').map((f) => f.source)).toEqual([
      'features',
      'benefits',
    ]);
  });

  it('describes user roles as the API answers them: user dtos with { name } roles, by role, no search', () => {
    const dto = {
      id: UUID_A,
      username: 'ada',
      email: 'ada@example.com',
      givenName: null,
      familyName: null,
      company: null,
      country: null,
      emailVerified: true,
      roles: [{ name: 'Admin' }],
    };
    expect(userRolesResource.record.safeParse(dto).success).toBe(true);
    expect(userRolesResource.record.safeParse({ ...dto, roles: ['Admin'] }).success).toBe(false);
    expect((userRolesResource as ResourceDefinition).list.search).toBeUndefined();
    expect(userRolesResource.list.sortable).toEqual([]);
    expect(userRolesResource.list.filters).toEqual([
      expect.objectContaining({ source: 'role', sentAs: 'query' }),
    ]);
    expect(userRolesResource.update.safeParse({ email: 'ada@example.com', roles: ['Support'] }).success).toBe(
      true,
    );
  });

  it("picks a viewer link's board from the boards a company space admin may read", () => {
    const picker = boardViewerLinksResource.fields.find((f) => f.source === 'boardId');
    expect(picker?.reference?.resource).toBe(viewerLinkBoardsResource.name);
    expect(canAccess(companySpaceAdmin, viewerLinkBoardsResource, 'list')).toBe(true);
    expect(canAccess(customer, viewerLinkBoardsResource, 'list')).toBe(false);
    // The API lists them with the board list's allow-list.
    expect(Object.keys(listFilterSchema(viewerLinkBoardsResource).shape).sort()).toEqual(
      Object.keys(listFilterSchema(boardsResource).shape).sort(),
    );
  });

  it('offers orders, licenses and export access requests to admins only', () => {
    const commerce = ADMIN_RESOURCES.filter((d) =>
      ['orders', 'licenses', 'export-access-requests'].includes(d.name),
    );
    expect(commerce).toHaveLength(3);
    for (const definition of commerce) {
      expect(canAccess(admin, definition, 'edit'), definition.name).toBe(true);
      expect(canAccess(companySpaceAdmin, definition, 'list'), definition.name).toBe(false);
      expect(definition.access.create, definition.name).toBeUndefined();
      expect(definition.access.delete, definition.name).toBeUndefined();
    }
  });

  // Their forms are hand-made pages of the console: a questionnaire with its first question, serial numbers one per line.
  const handMadeForms = new Set(['questionnaires', 'serial-numbers']);

  it.each(
    everyDefinition
      .filter((d) => (d.create || d.update) && !handMadeForms.has(d.name))
      .map((d) => [d.name, d] as const),
  )('%s has a form field for every key its create and update schemas require', (_name, definition) => {
    const editable = new Set(
      definition.fields.filter((f) => !f.readOnly && f.widget !== 'secret').map((f) => f.source),
    );
    for (const schema of [definition.create, definition.update]) {
      if (!(schema instanceof z.ZodObject)) continue;
      const required = Object.entries(schema.shape as Record<string, z.ZodType>)
        .filter(([, field]) => !field.safeParse(undefined).success)
        .map(([key]) => key);
      expect(required.filter((key) => !editable.has(key))).toEqual([]);
    }
  });
});

describe('audit names (issue 45: one list, one spelling)', () => {
  it('lists the audit entity of every definition that writes, in snake_case', () => {
    const writing = [...ADMIN_RESOURCES, ...ADMIN_SUB_RESOURCES].filter(
      (definition) => definition.access.create || definition.access.edit || definition.access.delete,
    );
    for (const definition of writing) {
      expect(AUDIT_ENTITIES, definition.name).toContain(auditEntityOf(definition));
      expect(AUDIT_ENTITIES, definition.name).toContain(historyEntityOf(definition));
    }
    for (const name of [...AUDIT_ENTITIES, ...AUDIT_ACTIONS]) expect(name).toMatch(/^[a-z]+(_[a-z]+)*$/);
    expect(AUDIT_ENTITIES).toEqual(expect.arrayContaining([...WRITTEN_AUDIT_ENTITIES, ...HISTORY_ENTITIES]));
  });

  it("derives a new resource's audit entity from its definition, and the Activity filter offers it", () => {
    const gadgets = { ...partnersResource, name: 'gadgets', label: { one: 'Gadget', many: 'Gadgets' } };
    const readOnly = {
      ...partnersResource,
      name: 'gizmos',
      label: { one: 'Gizmo', many: 'Gizmos' },
      access: { list: partnersResource.access.list },
    };
    const entities = auditEntitiesOf([...ADMIN_RESOURCES, gadgets, readOnly]);
    expect(entities).toContain('gadget');
    expect(entities).not.toContain('gizmo');
    expect(entities).toEqual([...entities].sort());
    const entityFilter = auditLogResource.list.filters.find((filter) => filter.source === 'entity');
    expect(entityFilter?.choices).toEqual(AUDIT_ENTITIES);
  });

  it('keys a History by entity and id, and refuses a key without either', () => {
    expect(parseHistoryKey(historyKey('user', 'a@b.test'))).toEqual({ entity: 'user', id: 'a@b.test' });
    expect(parseHistoryKey('user')).toBeNull();
    expect(parseHistoryKey(':x')).toBeNull();
    expect(parseHistoryKey('user:')).toBeNull();
  });
});
