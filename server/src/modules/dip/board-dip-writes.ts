import type { FastifyRequest } from 'fastify';
import {
  dipStepInputSchema,
  type DipStepListInput,
  type DipSteps,
  type GettingStartedListInput,
  type GettingStartedStep,
} from '@portal/resources';
import type { Database } from '../../db/client.js';
import { lockBoard, type BoardRow, type Executor } from '../boards/boards.js';
import {
  gettingStartedItemsOf,
  writeGettingStartedItems,
  type ItemOwner,
} from '../boards/getting-started.js';
import { assertNamesCurrent, saveBoardList } from '../boards/list-save.js';
import { auditBoard } from '../boards/route-schemas.js';
import { syncBoardDipStatuses } from './process.js';
import { adminProcess, boardStepRows } from './records.js';
import { checkSteps, removeAllSteps, requireStep, writeSteps } from './steps.js';

type Requester = Pick<FastifyRequest, 'currentUser'>;

const PROCESS_CHANGED =
  'The design-in process of this board changed since it was loaded. Reload it and make your changes again.';
const STEP_ITEMS_CHANGED =
  'The getting-started items of this step changed since they were loaded. Reload them and make your changes again.';

/** The admin's saves of a board's design-in process (spec product §2.3, §5), each a whole list with the board locked. */
export const boardDipWrites = (db: Database) => ({
  /** Saves the steps ("applied on save", 409 when the list does not name exactly the current steps). */
  saveSteps: (request: Requester, boardId: string, steps: DipStepListInput['steps']): Promise<DipSteps> =>
    saveBoardList(db, request, boardId, 'save_dip_steps', {
      read: async (tx, board) => ({ rows: await boardStepRows(tx, board.id), board }),
      write: async (tx, board, { rows }) => {
        assertNamesCurrent(
          rows,
          steps.map((step) => step.id),
          PROCESS_CHANGED,
          'steps',
        );
        // Validated by the body schema already; parsed again for the typed values of the kept steps.
        const kept = steps.flatMap((item, index) =>
          item.removed ? [] : [{ index, step: dipStepInputSchema.parse(item) }],
        );
        await checkSteps(tx, kept, new Map(rows.map((row) => [row.id, row])));
        const removed = steps.flatMap((item) => (item.removed && item.id ? [item.id] : []));
        await writeSteps(tx, board.id, removed, kept);
        await syncBoardDipStatuses(tx, board);
      },
      audited: ({ rows, board }) => adminProcess(rows, board).steps,
    }).then(({ rows, board }) => adminProcess(rows, board)),

  /** Removes the whole process (projects keep what they did); answers the empty process. */
  removeProcess: (request: Requester, boardId: string): Promise<DipSteps> =>
    db.transaction(async (tx) => {
      const board = await lockBoard(tx, boardId);
      const before = adminProcess(await boardStepRows(tx, board.id), board);
      await removeAllSteps(tx, board.id);
      await syncBoardDipStatuses(tx, board);
      await auditBoard(tx, request, board.id, 'delete_dip', { before: before.steps });
      return { steps: [], warnings: [] };
    }),

  /** Saves one step's getting-started items as a whole list (409 when it does not name exactly the current ones). */
  saveStepItems: async (
    request: Requester,
    boardId: string,
    stepId: string,
    items: GettingStartedListInput['items'],
  ): Promise<GettingStartedStep[]> => {
    const ownerIn = async (tx: Executor, board: BoardRow): Promise<ItemOwner> => {
      const { row, stepNumber } = await requireStep(tx, board.id, stepId);
      return { boardId: board.id, dipStepId: row.id, stepNumber };
    };
    const saved = await saveBoardList(db, request, boardId, 'save_dip_step_getting_started', {
      read: async (tx, board) => {
        const owner = await ownerIn(tx, board);
        return { stepId: owner.dipStepId, items: await gettingStartedItemsOf(tx, owner) };
      },
      write: async (tx, board, before) => {
        assertNamesCurrent(
          before.items,
          items.map((item) => item.id),
          STEP_ITEMS_CHANGED,
          'items',
        );
        await writeGettingStartedItems(tx, await ownerIn(tx, board), items);
      },
    });
    return saved.items;
  },
});
