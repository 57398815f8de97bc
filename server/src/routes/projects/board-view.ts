import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  projectBoardSchema,
  type GettingStartedStep,
  type Link,
  type ProjectBoard,
  type SecureConfig,
} from '@portal/resources';
import { access } from '../../auth/access.js';
import {
  boardDocuments,
  boardLinks,
  boardPartners,
  documents,
  gettingStartedItems,
  partners,
} from '../../db/tables.js';
import { toDocument } from '../../modules/boards/documents.js';
import { toBoardRecord, type BoardRow } from '../../modules/boards/boards.js';
import { projectToolsOf } from '../../modules/boards/tools.js';
import { secureSettings, toXmlEntry, xmlEntryRows } from '../../modules/dip/records.js';
import { partnerRecords } from '../../modules/partners/records.js';
import { errorResponses } from '../schemas.js';
import { reachProject } from '../../modules/projects/access.js';
import type { Executor } from '../../modules/projects/executor.js';
import { projectHelpers, projectParams, security, tags, type ProjectRouteOptions } from './shared.js';

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

async function partnersOf(db: Executor, boardId: string) {
  const rows = await db
    .select()
    .from(partners)
    .where(
      inArray(
        partners.id,
        db
          .select({ id: boardPartners.partnerId })
          .from(boardPartners)
          .where(eq(boardPartners.boardId, boardId)),
      ),
    )
    .orderBy(sql`lower(${partners.name})`, asc(partners.id));
  return partnerRecords(db, rows);
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
    partnersOf(db, board.id),
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

/**
 * `GET projects/{id}/board` (spec product §2.2, the tabs of `/my/projects/{uid}`): the board's own routes are for
 * admins, so a project's people read their board through the project, under its view rule (404 unknown, 403 no
 * role in it, the second-factor rule for secure projects).
 */
export const projectBoardViewRoutes: FastifyPluginAsyncZod<ProjectRouteOptions> = async (app, options) => {
  const { db } = options;
  const { caller } = projectHelpers(options);

  app.get(
    '/projects/:id/board',
    {
      config: { access: access.signedIn() },
      schema: {
        tags,
        summary:
          'The project’s board as its people see it: board fields, documents (exclusive ones included; primaryDocument), getting-started items, partners, related links in order, support link, secure configuration (secure boards) and tools (not those the catalogue removed)',
        security,
        params: projectParams,
        response: { 200: projectBoardSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const found = await reachProject(db, await caller(request), request.params.id, 'view');
      return projectBoardView(db, found.board);
    },
  );
};
