import type { LoaderFunctionArgs } from 'react-router';
import type { GuardDeps } from '../../session/guards';
import { hasSecureProjectsQuery, myProjectsQuery, projectGroupsQuery } from './api/project-list';
import { readListState } from './model/list-state';

/**
 * The queries of `/my/projects`, through the same query options as its page, started by the route's loader while
 * the page's code loads. Only with a session: without one the guard sends the visitor to sign in, and a call
 * without a token would be a 401. A failure is left to the page.
 */
export async function prefetchMyProjects(
  { api, queryClient, session }: Pick<GuardDeps, 'api' | 'queryClient' | 'session'>,
  { request }: LoaderFunctionArgs,
) {
  if (!session.isAuthenticated()) return;
  const client = await queryClient.load();
  void client.prefetchInfiniteQuery(myProjectsQuery(api, readListState(new URL(request.url).searchParams)));
  void client.prefetchQuery(hasSecureProjectsQuery(api));
  void client.prefetchQuery(projectGroupsQuery(api));
}
