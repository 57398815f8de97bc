import { asc, inArray } from 'drizzle-orm';
import type { Database } from './client.js';
import { boardTools } from './schema-board-tools.js';
import { tools } from './schema-catalogue.js';
import { boards } from './schema.js';

type Executor = Pick<Database, 'select' | 'insert'>;

/** The demo catalogue's items (featureIds of demo-catalogue.ts) each product family's boards list, in this order. */
const DEMO_BOARD_TOOLS: Record<string, readonly string[]> = {
  NX: ['nx-flash-programmer', 'nx-motor-control-lib', 'nx-device-pack', 'serial-terminal'],
  PWR: ['power-designer-online', 'pwr-stage-netlist', 'serial-terminal'],
  SNS: ['sensor-fusion-studio', 'serial-terminal'],
  SEC: ['secureboot-signer', 'sec-crypto-lib'],
  RF: ['rf-radar-sdk', 'serial-terminal'],
  ESIM: ['serial-terminal'],
};

/**
 * Tools on every demo board (and the eSIM board) by product family, so a project's Tools tab and the board's
 * `…/tools/edit` page show something. Runs in the demo data's transaction, after the boards and the catalogue;
 * catalogue items it does not find are left out.
 */
export async function seedDemoBoardTools(db: Executor): Promise<void> {
  const boardRows = await db
    .select({ id: boards.id, name: boards.name })
    .from(boards)
    .orderBy(asc(boards.name));
  const featureIds = [...new Set(Object.values(DEMO_BOARD_TOOLS).flat())];
  const toolRows = await db
    .select({ id: tools.id, featureId: tools.featureId })
    .from(tools)
    .where(inArray(tools.featureId, featureIds));
  const toolId = new Map(toolRows.map((row) => [row.featureId, row.id]));
  // Board names start with their code, the family followed by digits (NX107_…, ESIM_…).
  const family = (name: string) => name.split('_')[0]!.replace(/\d+$/, '');
  const rows = boardRows.flatMap((board) =>
    (DEMO_BOARD_TOOLS[family(board.name)] ?? [])
      .flatMap((featureId) => toolId.get(featureId) ?? [])
      .map((id, position) => ({ boardId: board.id, toolId: id, position })),
  );
  if (rows.length) await db.insert(boardTools).values(rows);
}
