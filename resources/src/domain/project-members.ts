/** The per-project role names of spec product §6, as a project member's roles carry them. */
export const PROJECT_ROLES = [
  'owner',
  'substitute',
  'fae',
  'member',
  'company_space_admin',
  'company_space_fae',
  'company_space_viewer',
] as const;

export type ProjectRoleName = (typeof PROJECT_ROLES)[number];

export const ProjectRole = {
  Owner: 'owner',
  Substitute: 'substitute',
  Fae: 'fae',
  Member: 'member',
  CompanySpaceAdmin: 'company_space_admin',
  CompanySpaceFae: 'company_space_fae',
  CompanySpaceViewer: 'company_space_viewer',
} as const satisfies Record<string, ProjectRoleName>;

/** A project member's roles, as plain names or as `{ name }` entries like the global roles. */
export interface ProjectMemberLike {
  roles?: ReadonlyArray<string | { name: string }> | null;
}

function projectRoleNames(member: ProjectMemberLike): string[] {
  return (member.roles ?? []).map((role) => (typeof role === 'string' ? role : role.name));
}

export function hasProjectRole(member: ProjectMemberLike, role: ProjectRoleName): boolean {
  return projectRoleNames(member).includes(role);
}

/** A user whose only project role is company space viewer may look but not act (spec product §6). */
export function isViewOnly(member: ProjectMemberLike): boolean {
  const names = projectRoleNames(member);
  return names.length > 0 && names.every((name) => name === ProjectRole.CompanySpaceViewer);
}

export interface ProjectMemberGroups<M> {
  owner: M | undefined;
  substitute: M | undefined;
  fae: M | undefined;
  /** Members without any of the other roles. */
  members: M[];
  companySpaceFaes: M[];
  companySpaceAdmins: M[];
  /** Company space viewers: the spec does not place them, they are kept apart so nobody disappears. */
  viewers: M[];
}

/**
 * Groups a project's members (spec product §3): each lands in the first group that applies, checked in the
 * order below; a second holder of a single place (bad data) falls through, and no known role counts as a plain member.
 */
export function groupProjectMembers<M extends ProjectMemberLike>(
  members: readonly M[],
): ProjectMemberGroups<M> {
  const groups: ProjectMemberGroups<M> = {
    owner: undefined,
    substitute: undefined,
    fae: undefined,
    members: [],
    companySpaceFaes: [],
    companySpaceAdmins: [],
    viewers: [],
  };
  for (const member of members) {
    const has = (role: ProjectRoleName) => hasProjectRole(member, role);
    if (has(ProjectRole.Owner) && !groups.owner) groups.owner = member;
    else if (has(ProjectRole.Substitute) && !groups.substitute) groups.substitute = member;
    else if (has(ProjectRole.Fae) && !groups.fae) groups.fae = member;
    else if (has(ProjectRole.CompanySpaceAdmin)) groups.companySpaceAdmins.push(member);
    else if (has(ProjectRole.CompanySpaceFae)) groups.companySpaceFaes.push(member);
    else if (isViewOnly(member)) groups.viewers.push(member);
    else groups.members.push(member);
  }
  return groups;
}
