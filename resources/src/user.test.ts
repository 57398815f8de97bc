import { describe, expect, it } from 'vitest';
import { displayName, fullName, isVerified, type User } from './user.js';
import {
  ADMIN_CONSOLE_ROLES,
  hasAnyRouteRole,
  hasRole,
  isCompanySpaceAdmin,
  isInternalUser,
} from './roles.js';

const user: User = {
  id: '7d9f0f0e-1c1f-4d43-9f1f-5b0f4c1d2e3f',
  username: 'ada',
  email: 'ada@example.com',
  givenName: 'Ada',
  familyName: 'Lovelace',
  company: null,
  country: null,
  emailVerified: true,
  roles: [{ name: 'Company Space Admin' }],
};

describe('fullName', () => {
  it('joins given and family name', () => {
    expect(fullName({ givenName: 'Ada', familyName: 'Lovelace' })).toBe('Ada Lovelace');
  });

  it('uses the family name alone when the given name is missing', () => {
    expect(fullName({ givenName: null, familyName: 'Lovelace' })).toBe('Lovelace');
    expect(fullName({ givenName: '  ', familyName: 'Lovelace' })).toBe('Lovelace');
  });

  it('uses the given name alone when the family name is missing', () => {
    expect(fullName({ givenName: 'Ada', familyName: null })).toBe('Ada');
  });

  it('is empty when neither is known, and the display name falls back to the user name, then the email', () => {
    expect(fullName({})).toBe('');
    expect(displayName({ ...user, givenName: null, familyName: null })).toBe('ada');
    expect(displayName({ ...user, givenName: null, familyName: null, username: '' })).toBe('ada@example.com');
  });
});

describe('roles', () => {
  it('has a role when any role carries its name', () => {
    expect(hasRole(user, 'Company Space Admin')).toBe(true);
    expect(hasRole(user, 'Admin')).toBe(false);
    expect(hasRole(null, 'Admin')).toBe(false);
  });

  it('admits to a route when any required route role matches any of the user roles', () => {
    expect(hasAnyRouteRole(user, ADMIN_CONSOLE_ROLES)).toBe(true);
    expect(hasAnyRouteRole(user, ['ADMIN'])).toBe(false);
    expect(hasAnyRouteRole({ roles: [{ name: 'Admin' }] }, ADMIN_CONSOLE_ROLES)).toBe(true);
    expect(hasAnyRouteRole({ roles: [] }, ADMIN_CONSOLE_ROLES)).toBe(false);
  });

  it('tells internal users and company space admins', () => {
    expect(isCompanySpaceAdmin(user)).toBe(true);
    expect(isInternalUser(user)).toBe(false);
    expect(isInternalUser({ roles: [{ name: 'Internal User' }] })).toBe(true);
  });
});

describe('isVerified', () => {
  it('accepts true and the string "true" only', () => {
    expect(isVerified(true)).toBe(true);
    expect(isVerified('true')).toBe(true);
    expect(isVerified(false)).toBe(false);
    expect(isVerified('false')).toBe(false);
    expect(isVerified(undefined)).toBe(false);
  });
});
