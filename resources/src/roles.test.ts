import { describe, expect, it } from 'vitest';
import {
  ADMIN_CONSOLE_ROLES,
  hasAnyRouteRole,
  hasRole,
  isCompanySpaceAdmin,
  isInternalUser,
  ROLE_NAMES,
  ROUTE_ROLES,
  type HasRoles,
  type RoleName,
  type RouteRole,
} from './roles.js';

const user = (...names: string[]): HasRoles => ({ roles: names.map((name) => ({ name })) });

describe('role names', () => {
  it('are the thirteen of spec product §3, and the route roles map onto them', () => {
    expect(ROLE_NAMES).toHaveLength(13);
    expect(Object.keys(ROUTE_ROLES)).toEqual(['ADMIN', 'COMPANYSPACE_ADMIN', 'INTERNAL_USER']);
    expect(ROUTE_ROLES.COMPANYSPACE_ADMIN).toEqual(['Company Space Admin']);
  });
});

describe('hasRole', () => {
  it.each<[HasRoles | null | undefined, RoleName, boolean]>([
    [user('Admin'), 'Admin', true],
    [user('Support', 'MFA User'), 'MFA User', true],
    [user('admin'), 'Admin', false],
    [user('Company Space Admin'), 'Admin', false],
    [user(), 'Admin', false],
    [null, 'Admin', false],
    [undefined, 'Admin', false],
  ])('%j has %s: %s', (u, role, expected) => {
    expect(hasRole(u, role)).toBe(expected);
  });
});

describe('hasAnyRouteRole', () => {
  it.each<[HasRoles | null, readonly RouteRole[], boolean]>([
    [user('Admin'), ADMIN_CONSOLE_ROLES, true],
    [user('Company Space Admin'), ADMIN_CONSOLE_ROLES, true],
    [user('Company Space Member'), ADMIN_CONSOLE_ROLES, false],
    [user('Internal User'), ['ADMIN'], false],
    [user('Internal User'), ['ADMIN', 'INTERNAL_USER'], true],
    [user('Admin'), [], false],
    [null, ['ADMIN'], false],
  ])('%j for %j: %s', (u, required, expected) => {
    expect(hasAnyRouteRole(u, required)).toBe(expected);
  });
});

describe('internal user and company space admin', () => {
  it.each([
    [user('Internal User'), true, false],
    [user('Company Space Admin'), false, true],
    [user('Internal User', 'Company Space Admin'), true, true],
    [user('Admin'), false, false],
    [user('Company Space FAE', 'Company Space Viewer'), false, false],
    [null, false, false],
  ])('%j: internal %s, company space admin %s', (u, internal, csa) => {
    expect(isInternalUser(u)).toBe(internal);
    expect(isCompanySpaceAdmin(u)).toBe(csa);
  });
});
