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
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
};

/** Portal users: created on first sign-in from the token's claims; `subject` is the token's `sub`. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subject: text('subject').notNull(),
    issuer: text('issuer').notNull(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    givenName: text('given_name'),
    familyName: text('family_name'),
    company: text('company'),
    country: text('country'),
    emailVerified: boolean('email_verified').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_issuer_subject_key').on(t.issuer, t.subject),
    index('users_email_idx').on(sql`lower(${t.email})`),
  ],
);

/** Global role grants (spec §6: roles are managed in the portal, not in the identity provider). */
export const userRoles = pgTable(
  'user_roles',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    grantedAt: timestamp('granted_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.role] }), index('user_roles_role_idx').on(t.role)],
);

/**
 * Accounts of the embedded identity provider. Kept apart from `users`: with an external provider this table
 * stays empty, and the portal's users come from tokens alone.
 */
export const identityAccounts = pgTable(
  'identity_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    givenName: text('given_name'),
    familyName: text('family_name'),
    company: text('company'),
    country: text('country'),
    emailVerified: boolean('email_verified').notNull().default(false),
    /** Base32 TOTP secret; set at enrolment, confirmed when totpEnabledAt is set. */
    totpSecret: text('totp_secret'),
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true, mode: 'date' }),
    /** The last TOTP time step (Unix time / 30 s) a code was accepted for: a code works once. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    ...timestamps,
  },
  (t) => [uniqueIndex('identity_accounts_email_key').on(sql`lower(${t.email})`)],
);

/** One-time email verification links of the embedded provider; only a hash of the token is kept. */
export const emailVerifications = pgTable(
  'email_verifications',
  {
    tokenHash: text('token_hash').primaryKey(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => identityAccounts.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('email_verifications_account_idx').on(t.accountId)],
);

/** Machine clients (client-credentials grant) acting as a portal user with default roles. */
export const serviceAccounts = pgTable(
  'service_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clientId: text('client_id').notNull(),
    /** sha256 of the secret, hex; the secret itself is shown once at creation. */
    secretHash: text('secret_hash').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    roles: text('roles')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    description: text('description'),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (t) => [uniqueIndex('service_accounts_client_id_key').on(t.clientId)],
);

export const featureFlags = pgTable(
  'feature_flags',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    key: text('key').notNull(),
    description: text('description'),
    enabled: boolean('enabled').notNull().default(false),
    ...timestamps,
  },
  (t) => [uniqueIndex('feature_flags_key_key').on(t.key)],
);

/** The maintenance banner: one row (id 1). */
export const maintenance = pgTable('maintenance', {
  id: integer('id').primaryKey().default(1),
  text: text('text').notNull().default(''),
  show: boolean('show').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export const companySpaces = pgTable(
  'company_spaces',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('company_spaces_name_key').on(sql`lower(${t.name})`)],
);

/** A user belongs to at most one company space, as a member or as one of its FAEs. */
export const companySpaceMembers = pgTable(
  'company_space_members',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    companySpaceId: uuid('company_space_id')
      .notNull()
      .references(() => companySpaces.id, { onDelete: 'restrict' }),
    kind: text('kind', { enum: ['member', 'fae'] })
      .notNull()
      .default('member'),
    addedAt: timestamp('added_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('company_space_members_space_idx').on(t.companySpaceId, t.kind)],
);

/** Storage of the embedded provider's sessions, grants, codes and tokens, so a restart keeps sign-ins. */
export const oidcPayloads = pgTable(
  'oidc_payloads',
  {
    model: text('model').notNull(),
    id: text('id').notNull(),
    payload: jsonb('payload').notNull(),
    grantId: text('grant_id'),
    userCode: text('user_code'),
    uid: text('uid'),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    consumedAt: timestamp('consumed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    primaryKey({ columns: [t.model, t.id] }),
    index('oidc_payloads_grant_idx').on(t.grantId),
    index('oidc_payloads_uid_idx').on(t.uid),
    index('oidc_payloads_expires_idx').on(t.expiresAt),
  ],
);

export const boards = pgTable(
  'boards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ispnId: text('ispn_id'),
    ispn: text('ispn'),
    name: text('name').notNull(),
    description: text('description'),
    type: text('type'),
    source: text('source'),
    version: text('version'),
    productPageUrl: text('product_page_url'),
    image: text('image'),
    serialnumberRequired: boolean('serialnumber_required').notNull().default(true),
    releasedForRegistration: boolean('released_for_registration').notNull().default(false),
    restrictedAccess: boolean('restricted_access').notNull().default(false),
    secure: boolean('secure').notNull().default(false),
    showInRegistrationPage: boolean('show_in_registration_page').notNull().default(true),
    productType: text('product_type', { enum: ['chip', 'board'] })
      .notNull()
      .default('chip'),
    features: text('features'),
    benefits: text('benefits'),
    /** The board's own serial number; an eSIM board is the one whose serial equals the configured eSIM serial. */
    serialnumber: text('serialnumber'),
    publicKey: text('public_key'),
    supportLink: text('support_link'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('boards_name_key').on(t.name),
    index('boards_name_lower_idx').on(sql`lower(${t.name})`),
    index('boards_updated_at_idx').on(t.updatedAt, t.id),
  ],
);

/** Every state-changing call writes one (who, what, before, after, when). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    actorId: uuid('actor_id'),
    /** The service account's client id when a machine client made the change (actorId is then its user). */
    actorClientId: text('actor_client_id'),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** The person the record is about (a role grant, a permission, a membership), named as they were then. */
    subjectId: uuid('subject_id'),
    subjectEmail: text('subject_email'),
    subjectName: text('subject_name'),
    /** The record whose part changed (a tool version's tool), so the part's change shows in its History. */
    parentEntity: text('parent_entity'),
    parentId: text('parent_id'),
  },
  // The history list reads newest first; a record's History by its own entity and id, by the parent of its parts and
  // (a user's) by subject, each newest first.
  (t) => [
    // NULLS FIRST as `order by at desc` means it (the planner does not match NULLS LAST to it, not-null or not).
    index('audit_log_at_idx').on(t.at.desc().nullsFirst(), t.id),
    index('audit_log_entity_at_idx').on(t.entity, t.entityId, t.at),
    index('audit_log_parent_at_idx').on(t.parentEntity, t.parentId, t.at),
    index('audit_log_subject_at_idx').on(t.subjectId, t.at),
  ],
);

// Exported here so the schema index (tables.ts) carries it like every table.
export { rateLimitHits } from './schema-rate-limits.js';
