import type { HasRoles, Project, ProjectRoleName } from '@portal/resources';

// Apart from the action rules (project-actions.ts): the project list shows roles only, and its first load does not
// carry the rules (issue 20).

/** Who looks at a project: the signed-in user (id and global roles). */
export interface Viewer extends HasRoles {
  id: string;
}

/** The viewer's roles inside the project, as the project's member list carries them. */
export function rolesInProject(
  project: Pick<Project, 'members'>,
  viewer: Pick<Viewer, 'id'>,
): ProjectRoleName[] {
  return project.members.find((member) => member.id === viewer.id)?.roles ?? [];
}
