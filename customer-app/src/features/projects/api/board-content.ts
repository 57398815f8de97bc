import type { ApiClient } from '@portal/data-provider';
import type { BoardDetail, Tool } from '@portal/resources';
import { queryOptions } from '@tanstack/react-query';
import { projectKeys } from './query-keys';

/** A tool as the project page lists it, linking to its catalogue page. */
type ProjectTool = Pick<Tool, 'id' | 'name' | 'featureId' | 'type' | 'icon' | 'isOnlineTool'>;

/** What the project page shows of its board: documents, getting started, partners, links, and its tools. */
export type ProjectBoardContent = BoardDetail & { tools?: ProjectTool[] };

/**
 * `GET projects/{id}/board`: the board of a project as its members see it ({@link BoardDetail}: documents,
 * exclusive ones included, getting-started items, partners, related links, support link) plus its tools. The
 * board's own sub-resources (`boards/{id}/documents`, …) are for admins only, so the project page reads them
 * through its project, with the project's access rule.
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
