import type { ApiClient } from '@portal/data-provider';
import type { Project, ProjectCancelAction, ProjectUpdatePayload } from '@portal/resources';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { usePortal } from '../../../lib/portal-context';
import { projectKeys } from './query-keys';

/** `GET projects/{id}`: one project with its board, people and open invitation. */
export function projectQuery(api: ApiClient, id: string) {
  return queryOptions({
    queryKey: projectKeys.detail(id),
    queryFn: ({ signal }) => api.call('GET /projects/:id', { params: { id }, signal }),
  });
}

/**
 * A change to one project. Calls that answer the project put it in the cache at once; every change refreshes the
 * lists and groups (a name, group or status shows there). Errors are the caller's to show (`onError` or the
 * mutation's `error`), so the global notification stays out of the form's way.
 */
export function useProjectMutation<TVariables, TResult>(
  id: string,
  call: (api: ApiClient, variables: TVariables) => Promise<TResult>,
  options: { removesAccess?: boolean } = {},
) {
  const { api } = usePortal();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: TVariables) => call(api, variables),
    meta: { silent: true },
    onSuccess: async (result) => {
      if (options.removesAccess) {
        queryClient.removeQueries({ queryKey: projectKeys.detail(id) });
      } else if (isProject(result)) {
        queryClient.setQueryData(projectKeys.detail(id), result);
      } else {
        await queryClient.invalidateQueries({ queryKey: projectKeys.detail(id) });
      }
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: projectKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: projectKeys.groups() }),
        queryClient.invalidateQueries({ queryKey: projectKeys.hasSecure() }),
      ]);
    },
  });
}

function isProject(value: unknown): value is Project {
  return typeof value === 'object' && value !== null && 'uuid' in value && 'members' in value;
}

/** `PATCH projects/{uuid}`. */
export const updateProject = (api: ApiClient, payload: ProjectUpdatePayload) =>
  api.call('PATCH /projects/:id', { params: { id: payload.uuid }, body: payload });

/** `DELETE projects/{uuid}`: 409 deletion_with_members while members or a substitute remain. */
export const deleteProject = (api: ApiClient, id: string) =>
  api.call('DELETE /projects/:id', { params: { id } });

/** `DELETE projects/{id}/users/me`: a member leaves. */
export const leaveProject = (api: ApiClient, id: string) =>
  api.call('DELETE /projects/:id/users/me', { params: { id } });

/** `POST projects/{id}/cancel/{request|accept|reject}`. */
export const cancelProject = (api: ApiClient, id: string, action: ProjectCancelAction) =>
  api.call(`POST /projects/:id/cancel/${action}`, { params: { id } });

/** `POST projects/{id}/ownership`. */
export const transferOwnership = (api: ApiClient, id: string, email: string) =>
  api.call('POST /projects/:id/ownership', { params: { id }, body: { newProjectOwner: { email } } });
