import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.js';
import { boards, companySpaces, users } from './schema.js';
import { serialNumbers } from './schema-boards.js';

export const projects = pgTable(
  'projects',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    description: text('description'),
    boardId: uuid('board_id')
      .notNull()
      .references(() => boards.id, { onDelete: 'restrict' }),
    serialNumberId: uuid('serial_number_id').references(() => serialNumbers.id, { onDelete: 'set null' }),
    companySpaceId: uuid('company_space_id').references(() => companySpaces.id, { onDelete: 'set null' }),
    status: text('status', { enum: ['active', 'cancellation-requested', 'cancelled', 'finished'] })
      .notNull()
      .default('active'),
    dipStatus: text('dip_status'),
    secure: boolean('secure').notNull().default(false),
    salesCode: text('sales_code'),
    shortRomCode: text('short_rom_code'),
    ownerCompany: text('owner_company'),
    groupName: text('group_name'),
    solution: text('solution'),
    variant: text('variant'),
    product: text('product'),
    developmentCode: text('development_code'),
    companyName: text('company_name'),
    createdAt,
    updatedAt,
  },
  (t) => [
    // The default sort, with the own list's scope columns (issue 24), so a caller's deep page is found on the index
    // alone (index-only scan, the scope checked in the index) however many projects the scope holds.
    index('projects_updated_scope_idx').on(t.updatedAt, t.id, t.companySpaceId, t.boardId, t.secure),
    index('projects_created_idx').on(t.createdAt, t.id),
    // name as well, so deep pages sorted by name are found on the index alone (index-only scan).
    index('projects_name_idx').on(sql`lower(${t.name})`, t.id, t.name),
    index('projects_group_idx').on(t.groupName, t.id),
    index('projects_status_idx').on(t.status, t.id),
    index('projects_src_idx').on(t.shortRomCode, t.id),
    index('projects_sales_code_idx').on(t.salesCode, t.id),
    index('projects_solution_idx').on(t.solution, t.id),
    index('projects_variant_idx').on(t.variant, t.id),
    index('projects_product_idx').on(t.product, t.id),
    // With the scope columns and the default sort key: a caller's linked boards' projects are read from the index
    // alone (the own list read first: ids, sort keys and the count of a short scope).
    index('projects_board_idx').on(t.boardId, t.companySpaceId, t.secure, t.updatedAt, t.id),
    index('projects_serial_number_idx').on(t.serialNumberId),
    index('projects_company_space_idx').on(t.companySpaceId),
    // The SRC is unique per board (spec §5), not across boards.
    uniqueIndex('projects_board_short_rom_code_key').on(t.boardId, t.shortRomCode),
  ],
);

/** Explicit project roles; company space admins, FAEs and viewers come from the company space and board links. */
export const projectMembers = pgTable(
  'project_members',
  {
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['owner', 'substitute', 'fae', 'member'] }).notNull(),
    addedAt: timestamp('added_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.projectId, t.userId] }),
    index('project_members_user_idx').on(t.userId, t.projectId),
    // One owner, one substitute and one FAE per project.
    uniqueIndex('project_members_single_role_key')
      .on(t.projectId, t.role)
      .where(sql`${t.role} in ('owner', 'substitute', 'fae')`),
  ],
);

/** Project invitations: a link with a password, valid 48 hours; a new one revokes the previous. */
export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    passwordHash: text('password_hash').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    createdAt,
  },
  (t) => [index('invitations_project_idx').on(t.projectId, t.createdAt)],
);

/** Per project and user; a missing row means enabled. */
export const notificationSettings = pgTable(
  'notification_settings',
  {
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['project-status-change', 'dip-status-change', 'asset-upload'] }).notNull(),
    enabled: boolean('enabled').notNull(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.userId, t.type] })],
);

/** eSIM profiles handed out with eSIM board projects. */
export const esimProfiles = pgTable(
  'esim_profiles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    iccid: text('iccid').notNull(),
    activationCode: text('activation_code').notNull(),
    profileName: text('profile_name').notNull(),
    serviceProviderName: text('service_provider_name').notNull(),
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'set null' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    assignedAt: timestamp('assigned_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [uniqueIndex('esim_profiles_iccid_key').on(t.iccid), index('esim_profiles_user_idx').on(t.userId)],
);
