import { and, asc, eq, max } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { boardRelatedLinksResource, type Link, type LinkInput } from '@portal/resources';
import { boardLinks } from '../../db/schema-boards.js';
import { notFound } from '../../transport/errors.js';
import { repositoryModule } from '../../crud/module.js';
import { defineRepository, type Repository } from '../../crud/repository.js';
import type { Executor } from './boards.js';

type LinkRow = typeof boardLinks.$inferSelect;

declare module 'fastify' {
  interface FastifyInstance {
    /** The related links of the board in the path (spec §2.3 links). */
    boardLinks: Repository<LinkRow, Link>;
  }
}

const toLink = (row: LinkRow): Link => ({ id: row.id, title: row.title, url: row.url, order: row.position });

const linkNotFound = () => notFound('Link not found.', ['link']);

/** The related links of a board in their order (0, 1, 2, … as the board shows them). */
export const linksOf = async (db: Executor, boardId: string): Promise<Link[]> =>
  (
    await db
      .select()
      .from(boardLinks)
      .where(eq(boardLinks.boardId, boardId))
      .orderBy(asc(boardLinks.position), asc(boardLinks.id))
  ).map(toLink);

/** A link of the board, or 404. */
export async function requireLink(db: Executor, boardId: string, linkId: string): Promise<Link> {
  const link = (await linksOf(db, boardId)).find((candidate) => candidate.id === linkId);
  if (!link) throw linkNotFound();
  return link;
}

/** Positions 0, 1, 2, … in the given order, writing only the rows whose position changes. */
export async function renumberLinks(tx: Executor, boardId: string, ordered: readonly Link[]): Promise<void> {
  for (const [position, link] of ordered.entries()) {
    if (link.order === position) continue;
    await tx
      .update(boardLinks)
      .set({ position })
      .where(and(eq(boardLinks.id, link.id), eq(boardLinks.boardId, boardId)));
  }
}

/** Adds a link at the end of the board's list. */
export async function appendLink(tx: Executor, boardId: string, input: LinkInput): Promise<Link> {
  const [last] = await tx
    .select({ position: max(boardLinks.position) })
    .from(boardLinks)
    .where(eq(boardLinks.boardId, boardId));
  const [row] = await tx
    .insert(boardLinks)
    .values({
      boardId,
      title: input.title.trim(),
      url: input.url.trim(),
      position: last?.position === null || last?.position === undefined ? 0 : last.position + 1,
    })
    .returning();
  return toLink(row!);
}

/** Changes a link's title and url; its place stays. */
export async function updateLink(tx: Executor, linkId: string, input: LinkInput): Promise<Link> {
  const [row] = await tx
    .update(boardLinks)
    .set({ title: input.title.trim(), url: input.url.trim() })
    .where(eq(boardLinks.id, linkId))
    .returning();
  return toLink(row!);
}

/** Deletes a link of the board; the links after it move up. Answers the deleted link (404 when it is not there). */
export async function removeLink(tx: Executor, boardId: string, linkId: string): Promise<Link> {
  const links = await linksOf(tx, boardId);
  const removed = links.find((link) => link.id === linkId);
  if (!removed) throw linkNotFound();
  await tx.delete(boardLinks).where(eq(boardLinks.id, removed.id));
  await renumberLinks(
    tx,
    boardId,
    links.filter((link) => link.id !== removed.id),
  );
  return removed;
}

export const boardLinksRepository = defineRepository<typeof boardLinks, Link>(
  boardRelatedLinksResource,
  boardLinks,
  {
    columns: { id: boardLinks.id, order: boardLinks.position, title: boardLinks.title, url: boardLinks.url },
    entity: 'board',
    scope: (request: FastifyRequest) => eq(boardLinks.boardId, (request.params as { id: string }).id),
    toRecords: async (_db, rows) => rows.map(toLink),
    notFound: linkNotFound,
  },
);

export default repositoryModule('boardLinks', () => boardLinksRepository);
