import { eq } from 'drizzle-orm';
import { sourceProvidesReleaseFlag, type BoardRecord } from '@portal/resources';
import { boards } from '../../db/schema.js';
import { notFound } from '../../transport/errors.js';
import type { Executor } from '../../crud/repository.js';

export type { Executor };

export type BoardRow = typeof boards.$inferSelect;

/** The columns the board list sorts, filters and searches by (boardsResource). */
export const boardColumns = {
  id: boards.id,
  name: boards.name,
  ispn: boards.ispn,
  description: boards.description,
  type: boards.type,
  productType: boards.productType,
  secure: boards.secure,
  releasedForRegistration: boards.releasedForRegistration,
  createdAt: boards.createdAt,
  updatedAt: boards.updatedAt,
};

export const BOARD_NOT_FOUND = 'Board not found.';
export const boardNotFound = () => notFound(BOARD_NOT_FOUND, ['board']);

/** Features and benefits are stored one per line. */
export const bulletsFromText = (text: string | null): string[] =>
  text ? text.split('\n').filter((line) => line.trim() !== '') : [];
export const bulletsToText = (bullets: readonly string[]): string | null =>
  bullets.length ? bullets.map((bullet) => bullet.trim()).join('\n') : null;

export function toBoardRecord(row: BoardRow): BoardRecord {
  return {
    id: row.id,
    ispnId: row.ispnId,
    ispn: row.ispn,
    name: row.name,
    description: row.description,
    type: row.type,
    source: row.source,
    version: row.version,
    productPageUrl: row.productPageUrl,
    image: row.image,
    serialnumberRequired: row.serialnumberRequired,
    releasedForRegistration: row.releasedForRegistration,
    restrictedAccess: row.restrictedAccess,
    secure: row.secure,
    showInRegistrationPage: row.showInRegistrationPage,
    productType: row.productType,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    features: bulletsFromText(row.features),
    benefits: bulletsFromText(row.benefits),
    serialnumber: row.serialnumber,
    publicKey: row.publicKey,
    supportLink: row.supportLink,
    releaseFlagReadOnly: sourceProvidesReleaseFlag(row.source),
  };
}

export async function findBoard(db: Executor, id: string): Promise<BoardRow | undefined> {
  const [row] = await db.select().from(boards).where(eq(boards.id, id)).limit(1);
  return row;
}

/** The board, or 404. */
export async function requireBoard(db: Executor, id: string): Promise<BoardRow> {
  const row = await findBoard(db, id);
  if (!row) throw boardNotFound();
  return row;
}

/**
 * The board, locked for the rest of the transaction: changes to what hangs under one board (orders, the
 * primary document, the getting-started list) run one after the other instead of interleaving.
 */
export async function lockBoard(tx: Executor, id: string): Promise<BoardRow> {
  const [row] = await tx.select().from(boards).where(eq(boards.id, id)).limit(1).for('update');
  if (!row) throw boardNotFound();
  return row;
}
