import { describe, expect, it } from 'vitest';
import {
  groupProjectMembers,
  hasProjectRole,
  isViewOnly,
  PROJECT_ROLES,
  type ProjectMemberLike,
} from './project-members.js';

const member = (email: string, ...roles: Array<string | { name: string }>) => ({ email, roles });

describe('PROJECT_ROLES', () => {
  it('holds the seven per-project roles of spec product §6', () => {
    expect(PROJECT_ROLES).toEqual([
      'owner',
      'substitute',
      'fae',
      'member',
      'company_space_admin',
      'company_space_fae',
      'company_space_viewer',
    ]);
  });
});

describe('hasProjectRole', () => {
  it.each<[ProjectMemberLike, boolean]>([
    [{ roles: ['owner'] }, true],
    [{ roles: [{ name: 'owner' }] }, true],
    [{ roles: ['member', 'owner'] }, true],
    [{ roles: ['Owner'] }, false],
    [{ roles: ['member'] }, false],
    [{ roles: [] }, false],
    [{ roles: null }, false],
    [{}, false],
  ])('%j has the owner role: %s', (m, expected) => {
    expect(hasProjectRole(m, 'owner')).toBe(expected);
  });
});

describe('isViewOnly', () => {
  it.each<[ProjectMemberLike, boolean]>([
    [{ roles: ['company_space_viewer'] }, true],
    [{ roles: [{ name: 'company_space_viewer' }] }, true],
    [{ roles: ['company_space_viewer', 'company_space_viewer'] }, true],
    [{ roles: ['company_space_viewer', 'member'] }, false],
    [{ roles: ['company_space_viewer', 'company_space_admin'] }, false],
    [{ roles: ['member'] }, false],
    [{ roles: [] }, false],
    [{}, false],
  ])('%j is view-only: %s', (m, expected) => {
    expect(isViewOnly(m)).toBe(expected);
  });
});

describe('groupProjectMembers', () => {
  const owner = member('owner@x', 'owner');
  const substitute = member('sub@x', { name: 'substitute' });
  const fae = member('fae@x', 'fae');
  const plain = member('plain@x', 'member');
  const noRole = member('none@x');
  const csAdmin = member('csa@x', 'company_space_admin');
  const csAdminMember = member('csa2@x', 'member', 'company_space_admin');
  const csFae = member('csfae@x', 'company_space_fae');
  const viewer = member('viewer@x', 'company_space_viewer');
  const viewerMember = member('vm@x', 'company_space_viewer', 'member');
  const ownerAndAdmin = member('oa@x', 'company_space_admin', 'owner');
  const secondOwner = member('owner2@x', 'owner', 'fae');

  it('puts every member in exactly one group', () => {
    const all = [plain, csFae, owner, viewer, csAdmin, fae, noRole, substitute, csAdminMember, viewerMember];
    expect(groupProjectMembers(all)).toEqual({
      owner,
      substitute,
      fae,
      members: [plain, noRole, viewerMember],
      companySpaceFaes: [csFae],
      companySpaceAdmins: [csAdmin, csAdminMember],
      viewers: [viewer],
    });
  });

  it.each([
    ['the owner place wins over a company space role', [ownerAndAdmin], { owner: ownerAndAdmin }],
    ['a second owner falls through to its next role', [owner, secondOwner], { owner, fae: secondOwner }],
    ['an empty project has empty groups', [], {}],
  ])('%s', (_name, members, expected) => {
    expect(groupProjectMembers(members)).toEqual({
      owner: undefined,
      substitute: undefined,
      fae: undefined,
      members: [],
      companySpaceFaes: [],
      companySpaceAdmins: [],
      viewers: [],
      ...expected,
    });
  });
});
