import type { ApiClient, ListResult } from '@portal/data-provider';
import { LIST_MAX_OFFSET, MY_PROJECTS_PAGE_SIZE, type Project } from '@portal/resources';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { listFilter, type ProjectListState } from '../model/list-state';
import { projectKeys } from './query-keys';

/** Projects per page of /my/projects. */
const PROJECT_PAGE_SIZE = MY_PROJECTS_PAGE_SIZE;

type ListParams = Pick<ProjectListState, 'sort' | 'order' | 'q' | 'status' | 'group'>;

/** `GET projects/user`: the caller's projects, a page at a time, sorted and filtered by the server. */
function getMyProjects(
  api: ApiClient,
  params: ListParams,
  offset: number,
  signal?: AbortSignal,
): Promise<ListResult<Project>> {
  return api.callList('GET /projects/user', {
    offset,
    limit: PROJECT_PAGE_SIZE,
    sort: [params.sort, params.order],
    filter: listFilter(params),
    signal,
  });
}

export function myProjectsQuery(api: ApiClient, state: ProjectListState) {
  const params: ListParams = {
    sort: state.sort,
    order: state.order,
    q: state.q,
    status: state.status,
    group: state.group,
  };
  return infiniteQueryOptions({
    queryKey: projectKeys.list(params),
    queryFn: ({ pageParam, signal }) => getMyProjects(api, params, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last: ListResult<Project>) => {
      const next = last.range.offset + last.data.length;
      // Offset pages reach LIST_MAX_OFFSET rows deep: the page shows the rest is to be found by a filter.
      return last.data.length > 0 && next < last.range.total && next <= LIST_MAX_OFFSET ? next : undefined;
    },
  });
}

/** `GET projects/user/secure`: whether the caller has secure projects, which the list leaves out without MFA. */
export function hasSecureProjectsQuery(api: ApiClient) {
  return queryOptions({
    queryKey: projectKeys.hasSecure(),
    queryFn: async ({ signal }) =>
      (await api.call('GET /projects/user/secure', { signal })).hasSecure === true,
    meta: { silent: true },
  });
}

/** `GET projects/groups/user`: the group names of the caller's projects, sorted. */
export function projectGroupsQuery(api: ApiClient) {
  return queryOptions({
    queryKey: projectKeys.groups(),
    queryFn: ({ signal }) => api.call('GET /projects/groups/user', { signal }),
    meta: { silent: true },
  });
}
