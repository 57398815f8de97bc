import { describe, expect, it } from 'vitest';
import {
  actsAsDipRole,
  blocksProjectDeletion,
  dipAssetLocked,
  dipConfirmerOf,
  mayDeleteDipAsset,
  mayLeaveProject,
  projectRolesAllow,
} from './project-rights.js';
import { PROJECT_ROLES, type ProjectRoleName } from './project-members.js';

const holders = (allowed: (roles: ProjectRoleName[]) => boolean) =>
  PROJECT_ROLES.filter((role) => allowed([role]));

describe('project rights (spec product §6)', () => {
  it('lets every role look, owner and substitute manage, the FAE act as provider; admins do all', () => {
    expect(holders((roles) => projectRolesAllow(roles, 'view'))).toEqual([...PROJECT_ROLES]);
    expect(holders((roles) => projectRolesAllow(roles, 'manage'))).toEqual(['owner', 'substitute']);
    expect(holders((roles) => projectRolesAllow(roles, 'provider'))).toEqual(['fae']);
    expect(projectRolesAllow([], 'view')).toBe(false);
    for (const need of ['view', 'manage', 'provider'] as const)
      expect(projectRolesAllow([], need, true)).toBe(true);
  });

  it('lets members, the substitute and the FAE leave; members and the substitute block a deletion', () => {
    expect(holders(mayLeaveProject)).toEqual(['substitute', 'fae', 'member']);
    expect(holders(blocksProjectDeletion)).toEqual(['substitute', 'member']);
  });
});

describe('design-in rights (spec product §3, §5)', () => {
  it('maps resolver roles onto project roles', () => {
    expect(holders((roles) => actsAsDipRole(roles, 'project-owner'))).toEqual(['owner', 'substitute']);
    expect(holders((roles) => actsAsDipRole(roles, 'project-member'))).toEqual([
      'owner',
      'substitute',
      'member',
    ]);
    expect(holders((roles) => actsAsDipRole(roles, 'fae'))).toEqual(['fae', 'company_space_fae']);
    expect(holders((roles) => actsAsDipRole(roles, 'csa'))).toEqual(['company_space_admin']);
    expect(holders((roles) => actsAsDipRole(roles, 'nobody'))).toEqual([]);
  });

  it('has the FAE confirm when the step names no completer (or nobody)', () => {
    expect(dipConfirmerOf(null)).toBe('fae');
    expect(dipConfirmerOf('nobody')).toBe('fae');
    expect(dipConfirmerOf('csa')).toBe('csa');
  });

  it('lets the uploader, owner, substitute or an admin delete a file, as the delete policy allows', () => {
    expect(holders((roles) => mayDeleteDipAsset(roles))).toEqual(['owner', 'substitute']);
    expect(mayDeleteDipAsset(['member'], { isUploader: true })).toBe(true);
    expect(mayDeleteDipAsset(['company_space_viewer'], { isAdmin: true })).toBe(true);
    expect(dipAssetLocked('before_resolve', true)).toBe(true);
    expect(dipAssetLocked('before_resolve', false)).toBe(false);
    expect(dipAssetLocked('always', true)).toBe(false);
  });
});
