import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { GettingStartedStep, Link, ProjectBoard, SecureConfig } from '@portal/resources';
import { boardDocuments, boardLinks, documents, gettingStartedItems } from '../../db/tables.js';
import { toDocument } from '../boards/documents.js';
import { toBoardRecord, type BoardRow } from '../boards/boards.js';
import { projectToolsOf } from '../boards/tools.js';
import { secureSettings, toXmlEntry, xmlEntryRows } from '../dip/records.js';
import { boardPartnerRecords } from '../partners/board-partners.js';
import type { Executor } from '../../crud/repository.js';

/** Every document of the board, exclusive ones included (only the board's projects see those): primary first. */
async function boardDocumentsOf(db: Executor, boardId: string) {
  const rows = await db
    .select({ document: documents, primary: boardDocuments.primary })
    .from(boardDocuments)
    .innerJoin(documents, eq(documents.id, boardDocuments.documentId))
    .where(eq(boardDocuments.boardId, boardId))
    .orderBy(desc(boardDocuments.primary), sql`lower(${documents.title})`, asc(documents.id));
  const primary = rows.find((row) => row.primary);
  return {
    primaryDocument: primary ? toDocument(primary.document) : null,
    documents: rows.map((row) => toDocument(row.document)),
  };
}

/** The board's own getting-started items in their order; those of its design-in steps show with the steps. */
async function gettingStartedOf(db: Executor, boardId: string): Promise<GettingStartedStep[]> {
  const rows = await db
    .select()
    .from(gettingStartedItems)
    .where(and(eq(gettingStartedItems.boardId, boardId), isNull(gettingStartedItems.dipStepId)))
    .orderBy(asc(gettingStartedItems.position), asc(gettingStartedItems.id));
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    description: row.description,
    order: row.position,
    dipStepNumber: null,
  }));
}

async function linksOf(db: Executor, boardId: string): Promise<Link[]> {
  const rows = await db
    .select()
    .from(boardLinks)
    .where(eq(boardLinks.boardId, boardId))
    .orderBy(asc(boardLinks.position), asc(boardLinks.id));
  return rows.map((row) => ({ id: row.id, title: row.title, url: row.url, order: row.position }));
}

/** What the secure workflow of a secure board accepts; a board that is not secure has none. */
async function secureConfigOf(db: Executor, board: BoardRow): Promise<SecureConfig | null> {
  if (!board.secure) return null;
  const [settings, entries] = await Promise.all([secureSettings(db, board.id), xmlEntryRows(db, board.id)]);
  return {
    acceptedFileTypes: settings.acceptedFileTypes,
    dipAsset: { validators: entries.map(toXmlEntry), delete: [settings.deletePolicy] },
  };
}

/** The board of a project as its people see it: everything the project page's tabs show. */
export async function projectBoardView(db: Executor, board: BoardRow): Promise<ProjectBoard> {
  const [docs, gettingStarted, boardPartnerList, links, secureConfig, tools] = await Promise.all([
    boardDocumentsOf(db, board.id),
    gettingStartedOf(db, board.id),
    boardPartnerRecords(db, board.id),
    linksOf(db, board.id),
    secureConfigOf(db, board),
    projectToolsOf(db, board.id),
  ]);
  // The admin-only flag of the board form is not part of what projects see.
  const { releaseFlagReadOnly: _adminOnly, ...record } = toBoardRecord(board);
  return {
    ...record,
    ...docs,
    gettingStarted,
    partners: boardPartnerList,
    links,
    secureConfig,
    tools,
  };
}
