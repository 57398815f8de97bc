import type { ApiClient } from '@portal/data-provider';
import type { DipProcess, Project } from '@portal/resources';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { usePortal } from '../../../../lib/portal-context';
import { projectKeys } from '../../api/query-keys';
import { dipAssetsQuery, dipKeys, dipProcessQuery, isNoProcess } from '../api/dip-api';

/**
 * What a change of the process touches besides the process itself: the project (its workflow status, SRC,
 * development code and files show on the page), the lists (the status shows there) and the files.
 */
export function useRefreshAfterDipChange(projectId: string) {
  const queryClient = useQueryClient();
  return async (process?: DipProcess) => {
    if (process) queryClient.setQueryData(dipKeys.process(projectId), process);
    await Promise.all([
      process
        ? undefined
        : queryClient.invalidateQueries({ queryKey: dipKeys.process(projectId), exact: true }),
      queryClient.invalidateQueries({ queryKey: dipKeys.assets(projectId), exact: true }),
      queryClient.invalidateQueries({ queryKey: projectKeys.detail(projectId), exact: true }),
      queryClient.invalidateQueries({ queryKey: projectKeys.lists() }),
    ]);
  };
}

/**
 * A call that changes the process (resolve, complete, reset, delete a file). An answer that is the process goes
 * into the cache at once; the rest is refreshed. Errors are the caller's to show in place (`meta.silent`).
 */
export function useDipMutation<TVariables, TResult>(
  projectId: string,
  call: (api: ApiClient, variables: TVariables) => Promise<TResult>,
  /**
   * Runs on success even when the calling component is gone: the answer often removes the form or button that
   * asked (a completed step has no form), and TanStack Query skips the callbacks of `mutate` once it unmounted.
   */
  onDone?: (result: TResult, variables: TVariables) => void,
) {
  const { api } = usePortal();
  const refresh = useRefreshAfterDipChange(projectId);
  return useMutation({
    mutationFn: (variables: TVariables) => call(api, variables),
    meta: { silent: true },
    onSuccess: (result, variables) => {
      onDone?.(result, variables);
      return refresh(isProcess(result) ? result : undefined);
    },
  });
}

function isProcess(value: unknown): value is DipProcess {
  return typeof value === 'object' && value !== null && 'steps' in value && 'workflowStatus' in value;
}

/**
 * A project's design-in process and its files, one cache for the design-in section and the Assets tab so an upload
 * shows in both. Without a `dipStatus` the board has no process and nothing is asked; a 404 also means none.
 */
export function useDipProcess(project: Pick<Project, 'uuid' | 'dipStatus'>) {
  const { api } = usePortal();
  const hasProcess = project.dipStatus != null;
  const process = useQuery({ ...dipProcessQuery(api, project.uuid), enabled: hasProcess });
  const assets = useQuery({ ...dipAssetsQuery(api, project.uuid), enabled: process.isSuccess });
  const noProcess = !hasProcess || (process.isError && isNoProcess(process.error));
  return { process, assets, noProcess };
}
