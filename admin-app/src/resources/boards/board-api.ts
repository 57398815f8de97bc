import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotify } from 'react-admin';
import type { ApiClient } from '@portal/data-provider';
import { useApi } from '../../providers/api-context';
import { toAdminError } from '../../providers/errors';

export { useApi };

/** The API path of something under a board: `boards/{id}/links`. */
export const boardPath = (boardId: string | number, segment = '') =>
  `boards/${encodeURIComponent(String(boardId))}${segment ? `/${segment}` : ''}`;

/** The query key of a board's sub-collection; a change to it invalidates exactly this key. */
export const boardKey = (boardId: string | number, segment: string) => ['boards', String(boardId), segment];

/** Notifies a failed call with the API's message (20 s when it carries an error code, spec §8.5). */
export function useNotifyFailure() {
  const notify = useNotify();
  return (error: unknown) => notify((toAdminError(error) as Error).message, { type: 'error' });
}

/**
 * A board's sub-collection that the API answers whole (links, partners, getting started, restrictions…), cached
 * under its segment. `read` makes the typed call (`api.call('GET /boards/:id/links', …)`), so the records' type
 * is the server's answer schema.
 */
export function useBoardCollection<T>(
  boardId: string | number,
  segment: string,
  read: (api: ApiClient, signal: AbortSignal) => Promise<T>,
) {
  const api = useApi();
  return useQuery({ queryKey: boardKey(boardId, segment), queryFn: ({ signal }) => read(api, signal) });
}

/**
 * A change under a board: on success the collection is read again and a success toast (3 s) says what
 * happened; a failure is notified unless the caller shows it on a form.
 */
export function useBoardMutation<Variables, Result = unknown>(
  boardId: string | number,
  segment: string,
  call: (api: ApiClient, variables: Variables) => Promise<Result>,
  { success, notifyFailure = true }: { success?: string; notifyFailure?: boolean } = {},
) {
  const api = useApi();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const notifyError = useNotifyFailure();
  return useMutation({
    mutationFn: (variables: Variables) => call(api, variables),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: boardKey(boardId, segment) });
      if (success) notify(success, { type: 'success' });
    },
    onError: (error) => {
      if (notifyFailure) notifyError(error);
    },
  });
}
