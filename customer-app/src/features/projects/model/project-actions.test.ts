import { describe, expect, it } from 'vitest';
import type { Project, ProjectMember, ProjectRoleName, ProjectStatus } from '@portal/resources';
import { projectActions, rolesInProject, type Viewer } from './project-actions';

const ME = '11111111-1111-4111-8111-111111111111';
const member = (id: string, roles: ProjectRoleName[]): ProjectMember => ({
  id,
  username: id,
  email: `${id}@portal.test`,
  roles,
});

function project(
  myRoles: ProjectRoleName[],
  status: ProjectStatus = 'active',
): Pick<Project, 'members' | 'status'> {
  return {
    status,
    members: [
      member('22222222-2222-4222-8222-222222222222', ['owner']),
      ...(myRoles.length ? [member(ME, myRoles)] : []),
    ],
  };
}

const viewer = (globalRoles: string[] = []): Viewer => ({
  id: ME,
  roles: globalRoles.map((name) => ({ name })),
});

describe('projectActions (role → actions dropdown)', () => {
  it('gives the owner every managing action of an active project, in menu order, but not leaving', () => {
    expect(projectActions(project(['owner']), viewer())).toEqual([
      'edit',
      'manageMembers',
      'transferOwnership',
      'notifications',
      'requestCancellation',
      'delete',
    ]);
  });

  it('lets the substitute act as the owner, and leave', () => {
    expect(projectActions(project(['substitute']), viewer())).toEqual([
      'edit',
      'manageMembers',
      'transferOwnership',
      'notifications',
      'requestCancellation',
      'leave',
      'delete',
    ]);
  });

  it('gives a plain member notifications and leaving only', () => {
    expect(projectActions(project(['member']), viewer())).toEqual(['notifications', 'leave']);
  });

  it('leaves a view-only viewer nothing but their own notifications', () => {
    expect(projectActions(project(['company_space_viewer']), viewer())).toEqual(['notifications']);
  });

  it('does not treat a viewer who also holds another role as view-only', () => {
    expect(projectActions(project(['member', 'company_space_viewer']), viewer())).toEqual([
      'notifications',
      'leave',
    ]);
  });

  it('gives a company space admin without an explicit role no managing action (the server refuses them)', () => {
    expect(projectActions(project(['company_space_admin']), viewer())).toEqual(['notifications']);
  });

  it('lets the FAE accept or reject a requested cancellation, and leave', () => {
    expect(projectActions(project(['fae'], 'cancellation-requested'), viewer())).toEqual([
      'notifications',
      'acceptCancellation',
      'rejectCancellation',
      'leave',
    ]);
  });

  it('offers no second cancellation request while one is pending', () => {
    const actions = projectActions(project(['owner'], 'cancellation-requested'), viewer());
    expect(actions).not.toContain('requestCancellation');
    expect(actions).not.toContain('acceptCancellation');
  });

  it('leaves only deletion (and notifications) to the owner of a cancelled project', () => {
    expect(projectActions(project(['owner'], 'cancelled'), viewer())).toEqual(['notifications', 'delete']);
  });

  it('lets an admin manage any project and decide on its cancellation without a role in it', () => {
    expect(projectActions(project([], 'cancellation-requested'), viewer(['Admin']))).toEqual([
      'edit',
      'manageMembers',
      'transferOwnership',
      'notifications',
      'acceptCancellation',
      'rejectCancellation',
      'delete',
    ]);
  });

  it('offers nothing to someone without a role', () => {
    expect(projectActions(project([]), viewer(['Promoted User']))).toEqual([]);
  });

  it('reads the viewer’s roles from the member list', () => {
    expect(rolesInProject(project(['member', 'company_space_fae']), { id: ME })).toEqual([
      'member',
      'company_space_fae',
    ]);
    expect(rolesInProject(project([]), { id: ME })).toEqual([]);
  });
});
