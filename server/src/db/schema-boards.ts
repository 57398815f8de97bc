import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.js';
import { boards, users } from './schema.js';

const boardRef = () =>
  uuid('board_id')
    .notNull()
    .references(() => boards.id, { onDelete: 'cascade' });

/** Serial numbers a board's products carry; one registers one project unless it allows multi registration. */
export const serialNumbers = pgTable(
  'serial_numbers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    boardId: boardRef(),
    value: text('value').notNull(),
    multiRegistration: boolean('multi_registration').notNull().default(false),
    createdAt,
  },
  (t) => [
    uniqueIndex('serial_numbers_value_key').on(t.value),
    index('serial_numbers_board_idx').on(t.boardId, t.value),
  ],
);

/** Documents shown on boards: imported from SAMI or uploaded by users; exclusive ones only to the board's projects. */
export const documents = pgTable(
  'documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    type: text('type').notNull().default('document'),
    filename: text('filename').notNull(),
    url: text('url').notNull(),
    source: text('source', { enum: ['sami', 'custom'] })
      .notNull()
      .default('custom'),
    exclusive: boolean('exclusive').notNull().default(false),
    createdAt,
    updatedAt,
  },
  (t) => [index('documents_title_idx').on(sql`lower(${t.title})`)],
);

export const boardDocuments = pgTable(
  'board_documents',
  {
    boardId: boardRef(),
    documentId: uuid('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    primary: boolean('primary').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.boardId, t.documentId] }),
    index('board_documents_document_idx').on(t.documentId),
    // A board has at most one primary document.
    uniqueIndex('board_documents_primary_key')
      .on(t.boardId)
      .where(sql`${t.primary}`),
  ],
);

export const boardLinks = pgTable(
  'board_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    boardId: boardRef(),
    title: text('title').notNull(),
    url: text('url').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('board_links_board_idx').on(t.boardId, t.position)],
);

export const partners = pgTable(
  'partners',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    linkUrl: text('link_url').notNull(),
    logoUrl: text('logo_url'),
    createdAt,
    updatedAt,
  },
  // Partner names are unique ignoring case, so an admin picking one to assign cannot confuse two.
  (t) => [uniqueIndex('partners_name_key').on(sql`lower(${t.name})`)],
);

export const boardPartners = pgTable(
  'board_partners',
  {
    boardId: boardRef(),
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.boardId, t.partnerId] }),
    index('board_partners_partner_idx').on(t.partnerId),
  ],
);

/** Getting-started items of a board (and, with a DIP step, of that step). */
export const gettingStartedItems = pgTable(
  'getting_started_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    boardId: boardRef(),
    dipStepId: uuid('dip_step_id'),
    title: text('title').notNull(),
    description: text('description'),
    url: text('url'),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('getting_started_board_idx').on(t.boardId, t.dipStepId, t.position)],
);

/** Restricted boards: only these emails may register them. */
export const boardRestrictions = pgTable(
  'board_restrictions',
  {
    boardId: boardRef(),
    email: text('email').notNull(),
    createdAt,
  },
  (t) => [primaryKey({ columns: [t.boardId, t.email] })],
);

/** Board permissions of calls §7.2, granted by user email and revoked per user. */
export const boardPermissions = pgTable(
  'board_permissions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    boardId: boardRef(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt,
  },
  (t) => [uniqueIndex('board_permissions_board_user_key').on(t.boardId, t.userId)],
);

/** Boards linked to company space admins (kind csa) or company space viewers (kind viewer). */
export const boardUserLinks = pgTable(
  'board_user_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    boardId: boardRef(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['csa', 'viewer'] }).notNull(),
    createdAt,
  },
  (t) => [
    uniqueIndex('board_user_links_key').on(t.kind, t.boardId, t.userId),
    // By user, then board: a caller's links inside a list statement, and a person's links to a page's boards.
    index('board_user_links_user_idx').on(t.userId, t.boardId, t.kind),
  ],
);
