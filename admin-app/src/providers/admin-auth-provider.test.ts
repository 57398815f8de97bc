import {
  ADMIN_RESOURCES,
  boardSerialNumbersResource,
  defineResource,
  featureFlagsResource,
  maintenanceResource,
  reachableResources,
  type ResourceDefinition,
} from '@portal/resources';
import { describe, expect, it, vi } from 'vitest';
import { decideAccess, withResourceAccess } from './admin-auth-provider';

const definitions = new Map([...ADMIN_RESOURCES, boardSerialNumbersResource].map((d) => [d.name, d]));
const listable = (roles: string[]) =>
  ADMIN_RESOURCES.filter((d) => decideAccess(roles, definitions, { resource: d.name, action: 'list' })).map(
    (d) => d.name,
  );

describe('decideAccess', () => {
  it('gives each role the menu reachableResources derives from the definitions', () => {
    for (const roles of [['Company Space Admin'], ['Admin'], ['Internal User'], []]) {
      const user = { roles: roles.map((name) => ({ name })) };
      expect(listable(roles), roles.join()).toEqual(
        reachableResources(user, ADMIN_RESOURCES).map((d) => d.name),
      );
    }
    // The derivation is not vacuous: a company space admin reaches some resources, and fewer than an admin.
    expect(listable(['Company Space Admin']).length).toBeGreaterThan(0);
    expect(listable(['Company Space Admin']).length).toBeLessThan(ADMIN_RESOURCES.length);
  });

  it('opens a resource to a role exactly when its definition grants the role', () => {
    const widgets = defineResource({
      ...featureFlagsResource,
      name: 'widgets',
      access: {
        list: ['ADMIN', 'COMPANYSPACE_ADMIN'],
        show: ['ADMIN', 'COMPANYSPACE_ADMIN'],
        edit: ['ADMIN'],
      },
    });
    const withWidgets = new Map<string, ResourceDefinition>([...definitions, ['widgets', widgets]]);
    const ask = (roles: string[], action: string) =>
      decideAccess(roles, withWidgets, { resource: 'widgets', action });
    expect(ask(['Company Space Admin'], 'list')).toBe(true);
    expect(ask(['Company Space Admin'], 'edit')).toBe(false);
    expect(ask(['Admin'], 'edit')).toBe(true);
    expect(ask(['Internal User'], 'list')).toBe(false);
  });

  it("asks a singleton's list as its show", () => {
    expect('list' in maintenanceResource.access).toBe(false);
    expect(decideAccess(['Admin'], definitions, { resource: 'maintenance', action: 'list' })).toBe(true);
    expect(decideAccess(['Admin'], definitions, { resource: 'maintenance', action: 'delete' })).toBe(false);
  });

  it('answers hand-made pages by their own rules and refuses anything unknown', () => {
    expect(
      decideAccess(['Company Space Admin'], definitions, { resource: 'dashboard', action: 'list' }),
    ).toBe(true);
    expect(
      decideAccess(['Company Space Admin'], definitions, { resource: 'statistics', action: 'list' }),
    ).toBe(false);
    expect(decideAccess(['Admin'], definitions, { resource: 'statistics', action: 'list' })).toBe(true);
    expect(decideAccess(['Admin'], definitions, { resource: 'no-such-thing', action: 'list' })).toBe(false);
    expect(decideAccess(['Admin'], definitions, { resource: 'boards', action: 'export' })).toBe(false);
  });

  it('refuses a company space admin the delete of a company space, which the definition keeps for admins', () => {
    expect(
      decideAccess(['Company Space Admin'], definitions, { resource: 'company-spaces', action: 'edit' }),
    ).toBe(true);
    expect(
      decideAccess(['Company Space Admin'], definitions, { resource: 'company-spaces', action: 'delete' }),
    ).toBe(false);
  });
});

describe('withResourceAccess', () => {
  it("asks the user's roles of the portal's auth provider", async () => {
    const getPermissions = vi.fn(async () => ['Company Space Admin']);
    const authProvider = withResourceAccess(
      {
        login: async () => undefined,
        logout: async () => undefined,
        checkAuth: async () => undefined,
        checkError: async () => undefined,
        getIdentity: async () => ({ id: 'u' }),
        getPermissions,
      },
      [...definitions.values()],
    );
    await expect(authProvider.canAccess({ resource: 'boards', action: 'list' })).resolves.toBe(false);
    await expect(authProvider.canAccess({ resource: 'company-spaces', action: 'list' })).resolves.toBe(true);
    expect(getPermissions).toHaveBeenCalled();
  });
});
