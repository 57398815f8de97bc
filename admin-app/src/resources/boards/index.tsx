import DeveloperBoard from '@mui/icons-material/DeveloperBoard';
import { boardsResource } from '@portal/resources';
import type { ResourceCustomization } from '../../generator/resource';
import { GeneratedEdit } from '../../generator/views';
import { gatedRoute } from '../../pages/page-access';
import { BoardOverviewList } from './board-overview-list';
import { BoardOverviewPage } from './board-overview-page';
import { boardSubPages } from './sub-pages';
import { boardsCustomization } from './customization';

/**
 * Boards: the generated list with per-board actions, the overview at /admin/boards/{boardId} (the edit path),
 * the generated form at …/edit, and the per-board pages of spec product §2.3 under the board.
 */
export const boardsResourceCustomization: ResourceCustomization = {
  ...boardsCustomization,
  icon: DeveloperBoard,
  views: { list: <BoardOverviewList />, edit: <BoardOverviewPage /> },
  routes: (
    <>
      {/* Every per-board page changes the board. */}
      {[{ path: 'edit', element: <GeneratedEdit definition={boardsResource} /> }, ...boardSubPages].map(
        (page) => gatedRoute(`:id/${page.path}`, 'boards', 'edit', page.element),
      )}
    </>
  ),
};
