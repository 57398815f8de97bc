import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { at, createdAt, updatedAt } from './columns.js';
import { boards, users } from './schema.js';
import { projects } from './schema-projects.js';

const boardRef = () =>
  uuid('board_id')
    .notNull()
    .references(() => boards.id, { onDelete: 'cascade' });
const projectRef = () =>
  uuid('project_id')
    .notNull()
    .references(() => projects.id, { onDelete: 'cascade' });

/**
 * The steps of a board's design-in process, in `position` order. A removed step keeps its row (`removed_at`), so
 * the results and files projects gave it stay readable; it no longer takes part in any process.
 */
export const dipSteps = pgTable(
  'dip_steps',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    boardId: boardRef(),
    position: integer('position').notNull(),
    title: text('title').notNull(),
    description: text('description'),
    resolverRoles: text('resolver_roles').array().notNull(),
    completer: text('completer'),
    completionType: text('completion_type'),
    confirmationRequired: boolean('confirmation_required').notNull().default(false),
    csaReset: boolean('csa_reset').notNull().default(false),
    secure: boolean('secure').notNull().default(false),
    childBoardIspn: text('child_board_ispn'),
    childOwnerEmail: text('child_owner_email'),
    childSubstituteEmail: text('child_substitute_email'),
    removedAt: at('removed_at'),
    createdAt,
    updatedAt,
  },
  (t) => [index('dip_steps_board_idx').on(t.boardId, t.position)],
);

/** What follows a board's design-in process: the next board, and optionally the next owner. */
export const dipFollowUps = pgTable('dip_follow_ups', {
  boardId: uuid('board_id')
    .primaryKey()
    .references(() => boards.id, { onDelete: 'cascade' }),
  nextBoardId: uuid('next_board_id')
    .notNull()
    .references(() => boards.id, { onDelete: 'cascade' }),
  nextOwnerEmail: text('next_owner_email'),
  updatedAt,
});

/** A board's secure workflow configuration; a board without a row has the defaults. */
export const secureWorkflowConfigs = pgTable('secure_workflow_configs', {
  boardId: uuid('board_id')
    .primaryKey()
    .references(() => boards.id, { onDelete: 'cascade' }),
  acceptedFileTypes: text('accepted_file_types').array().notNull(),
  deletePolicy: text('delete_policy', { enum: ['before_resolve', 'always'] })
    .notNull()
    .default('before_resolve'),
  updatedAt,
});

/** The checks an uploaded secure configuration (XML) of the board must pass, in `position` order. */
export const xmlValidationEntries = pgTable(
  'xml_validation_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    boardId: boardRef(),
    position: integer('position').notNull(),
    type: text('type', { enum: ['filename', 'metadata', 'match'] }).notNull(),
    xpath: text('xpath').notNull(),
    metadataKey: text('metadata_key'),
    errorMessage: text('error_message'),
  },
  (t) => [index('xml_validation_entries_board_idx').on(t.boardId, t.position)],
);

/**
 * What a project did with one step: resolved (submitted) with its input, then completed. A step without a row is
 * pending or, when it is the first one not completed, active.
 */
export const dipStepResults = pgTable(
  'dip_step_results',
  {
    projectId: projectRef(),
    stepId: uuid('step_id')
      .notNull()
      .references(() => dipSteps.id, { onDelete: 'cascade' }),
    value: text('value'),
    checked: boolean('checked'),
    comment: text('comment'),
    childProjectId: uuid('child_project_id').references(() => projects.id, { onDelete: 'set null' }),
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: at('resolved_at'),
    completedBy: uuid('completed_by').references(() => users.id, { onDelete: 'set null' }),
    completedAt: at('completed_at'),
    /** Why the system could not resolve a step it resolves itself (a child project it could not create). */
    systemError: text('system_error'),
  },
  (t) => [
    primaryKey({ columns: [t.projectId, t.stepId] }),
    index('dip_step_results_step_idx').on(t.stepId),
    index('dip_step_results_child_project_idx').on(t.childProjectId),
  ],
);

/** Files uploaded to a project's design-in steps; the bytes live in file storage under `storage_key`. */
export const dipAssets = pgTable(
  'dip_assets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: projectRef(),
    stepId: uuid('step_id')
      .notNull()
      .references(() => dipSteps.id, { onDelete: 'cascade' }),
    filename: text('filename').notNull(),
    storageKey: text('storage_key').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    /** `config`: a secure configuration (XML); `encrypted`: an armoured `.asc` file; `file`: anything else. */
    kind: text('kind', { enum: ['file', 'config', 'encrypted'] }).notNull(),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    /** Kept apart from the user row so the list still names the uploader after their account is gone. */
    uploaderEmail: text('uploader_email').notNull(),
    uploadedAt: at('uploaded_at').notNull().defaultNow(),
    scanStatus: text('scan_status', { enum: ['clean', 'infected', 'not_scanned'] }).notNull(),
    /** Values a configuration's metadata entries read, by metadata key. */
    metadata: jsonb('metadata').$type<Record<string, string>>(),
    /** Names (with `.asc`) of the encrypted files a configuration references. */
    referencedFiles: text('referenced_files').array(),
    /** A configuration in the state "customer complete" (see modules/dip/secure-config-file.ts). */
    customerComplete: boolean('customer_complete'),
  },
  (t) => [
    uniqueIndex('dip_assets_step_name_key').on(t.projectId, t.stepId, sql`lower(${t.filename})`),
    index('dip_assets_project_idx').on(t.projectId, t.uploadedAt),
    index('dip_assets_step_idx').on(t.stepId),
  ],
);

/** A project's design-in process as a whole: the follow-up project its completion started. */
export const projectDips = pgTable(
  'project_dips',
  {
    projectId: uuid('project_id')
      .primaryKey()
      .references(() => projects.id, { onDelete: 'cascade' }),
    followUpProjectId: uuid('follow_up_project_id').references(() => projects.id, { onDelete: 'set null' }),
    completedAt: at('completed_at'),
    createdAt,
  },
  (t) => [index('project_dips_follow_up_idx').on(t.followUpProjectId)],
);
