import { ApiError, type ApiClient } from '@portal/data-provider';
import { queryOptions } from '@tanstack/react-query';
import { projectKeys } from './query-keys';

/** `GET eSim/profile`: the caller's eSIM profile, or null before they registered the eSIM board (404). */
export function esimProfileQuery(api: ApiClient) {
  return queryOptions({
    queryKey: projectKeys.esimProfile(),
    queryFn: async ({ signal }) => {
      try {
        return await api.call('GET /eSim/profile', { signal });
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
  });
}
