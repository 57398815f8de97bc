import { count, eq } from 'drizzle-orm';
import {
  RELEASE_FLAG_READ_ONLY_MESSAGE,
  boardsResource,
  sourceProvidesReleaseFlag,
  type BoardRecord,
  type BoardUpdate,
} from '@portal/resources';
import { boards } from '../../db/schema.js';
import { projects } from '../../db/schema-projects.js';
import { isForeignKeyViolation } from '../../transport/database-errors.js';
import { ApiError } from '../../transport/errors.js';
import { repositoryModule } from '../../crud/module.js';
import { defineRepository, type Repository } from '../../crud/repository.js';
import { boardColumns, boardNotFound, bulletsToText, toBoardRecord, type BoardRow } from './boards.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Boards (spec §3 board): every field the board form edits, the release flag rule, deletion rule. */
    boards: Repository<BoardRow, BoardRecord>;
  }
}

/** Boards created in the portal name it as their source; imported ones name their data source (BSG). */
const PORTAL_SOURCE = 'portal';

const hasProjects = (total: number) =>
  ApiError.of(
    409,
    'conflict',
    total === 1
      ? 'This board has a registered project and cannot be deleted.'
      : `This board has ${total} registered projects and cannot be deleted.`,
    ['board'],
  );

/** The columns a create or update body sets; fields it leaves out are not touched. */
function boardValues(body: BoardUpdate): Partial<typeof boards.$inferInsert> {
  const values: Partial<typeof boards.$inferInsert> = {};
  const { features, benefits, ...scalars } = body;
  for (const [key, value] of Object.entries(scalars)) {
    if (value !== undefined) (values as Record<string, unknown>)[key] = value;
  }
  if (features !== undefined) values.features = bulletsToText(features);
  if (benefits !== undefined) values.benefits = bulletsToText(benefits);
  return values;
}

/** Spec §4: a board whose source provides the release flag (BSG) keeps the flag it was given. */
function assertReleaseFlagKept(body: BoardUpdate, current: BoardRow) {
  const { releasedForRegistration } = body;
  if (
    releasedForRegistration !== undefined &&
    releasedForRegistration !== current.releasedForRegistration &&
    sourceProvidesReleaseFlag(current.source)
  ) {
    throw ApiError.of(409, 'conflict', RELEASE_FLAG_READ_ONLY_MESSAGE, ['releasedForRegistration']);
  }
}

export const boardsRepository = defineRepository<typeof boards, BoardRecord>(boardsResource, boards, {
  columns: boardColumns,
  keySchema: boardsResource.record.shape.id,
  toRecords: async (_db, rows) => rows.map(toBoardRecord),
  insertValues: (input) => ({ ...boardValues(input as BoardUpdate), source: PORTAL_SOURCE }),
  updateValues: (input, current) => {
    assertReleaseFlagKept(input as BoardUpdate, current);
    return boardValues(input as BoardUpdate);
  },
  beforeDelete: async ({ tx }, row) => {
    const [registered] = await tx
      .select({ total: count() })
      .from(projects)
      .where(eq(projects.boardId, row.id));
    if (registered!.total > 0) throw hasProjects(registered!.total);
  },
  // A project registered between the check and the delete: the foreign key keeps the board.
  writeError: (error, action) =>
    action === 'delete' && isForeignKeyViolation(error) ? hasProjects(1) : undefined,
  notFound: boardNotFound,
});

export default repositoryModule('boards', () => boardsRepository);
