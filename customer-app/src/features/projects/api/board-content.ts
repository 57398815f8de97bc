import type { ApiClient } from '@portal/data-provider';
import type { BoardDetail, Tool } from '@portal/resources';
import { queryOptions } from '@tanstack/react-query';
import { projectKeys } from './query-keys';

/** A tool as the project page lists it, linking to its catalogue page. */
type ProjectTool = Pick<Tool, 'id' | 'name' | 'featureId' | 'type' | 'icon' | 'isOnlineTool'>;

/** What the project page shows of its board: documents, getting started, partners, links, and its tools. */
export type ProjectBoardContent = BoardDetail & { tools?: ProjectTool[] };

/**
 * `GET projects/{id}/board`: the project's board as its members see it, plus its tools; read through the project,
 * with its access rule, since the board's own sub-resources are for admins only.
 */
export function projectBoardContentQuery(api: ApiClient, projectId: string) {
  return queryOptions({
    queryKey: projectKeys.boardContent(projectId),
    queryFn: ({ signal }) => api.call('GET /projects/:id/board', { params: { id: projectId }, signal }),
    // The page says the data is incomplete and retries on its own schedule.
    retry: false,
    meta: { silent: true },
  });
}
