import type { ViewCustomization } from '../../generator/views';
import { BoardActionsMenu } from './board-actions-menu';

/** What the board views add to the generated ones: the per-board actions in each row. */
export const boardsCustomization: ViewCustomization = {
  list: { rowActions: <BoardActionsMenu /> },
};
