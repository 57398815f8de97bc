import type { Project, ProjectRoleName, User } from '@portal/resources';
import { useQuery } from '@tanstack/react-query';
import { usePortal } from '../../../lib/portal-context';
import { useCurrentUser } from '../../../session/current-user';
import { projectQuery } from '../api/project';
import {
  isViewOnlyIn,
  managesProject,
  projectActions,
  rolesInProject,
  type ProjectAction,
} from '../model/project-actions';

export interface ProjectView {
  project: Project;
  user: User;
  roles: ProjectRoleName[];
  actions: ProjectAction[];
  manages: boolean;
  viewOnly: boolean;
}

/**
 * One project as the signed-in user stands towards it: the project (`GET projects/{id}`), their roles in it and
 * what the page offers them. `view` is set once both the project and the user are loaded.
 */
export function useProjectView(uid: string) {
  const { api } = usePortal();
  const project = useQuery(projectQuery(api, uid));
  const user = useCurrentUser();
  let view: ProjectView | null = null;
  if (project.data && user.data) {
    const roles = rolesInProject(project.data, user.data);
    view = {
      project: project.data,
      user: user.data,
      roles,
      actions: projectActions(project.data, user.data),
      manages: managesProject(roles, user.data),
      viewOnly: isViewOnlyIn(roles, user.data),
    };
  }
  const failed = project.error ?? user.error;
  return {
    view,
    isPending: !view && !failed,
    error: failed,
    retry: () => {
      if (project.isError) void project.refetch();
      if (user.isError) void user.refetch();
    },
  };
}
