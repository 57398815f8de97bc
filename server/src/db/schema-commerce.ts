/** The commerce tables: export access requests, billing, checkouts and payments, orders, licenses, installers. */
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { PostalAddress } from '@portal/resources';
import { at, createdAt, updatedAt } from './columns.js';
import { users } from './schema.js';
import { tools } from './schema-catalogue.js';

/** Requests for the export-controlled downloads of a tool; at most one pending or granted per user and tool. */
export const exportAccessRequests = pgTable(
  'export_access_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    toolId: uuid('tool_id')
      .notNull()
      .references(() => tools.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['pending', 'granted', 'refused'] })
      .notNull()
      .default('pending'),
    reason: text('reason'),
    comment: text('comment'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: at('decided_at'),
    createdAt,
  },
  (t) => [
    uniqueIndex('export_access_requests_open_key')
      .on(t.userId, t.toolId)
      .where(sql`${t.status} in ('pending', 'granted')`),
    index('export_access_requests_status_idx').on(t.status, t.createdAt),
  ],
);

/** A customer's billing information (one per user). */
export const billingInformation = pgTable('billing_information', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  companyName: text('company_name'),
  billingAddress: jsonb('billing_address').$type<PostalAddress>(),
  shippingAddress: jsonb('shipping_address').$type<PostalAddress>(),
  taxId: text('tax_id'),
  updatedAt,
});

/**
 * One checkout of a cart. `idempotencyKey` is the SHA-256 of the user and the sorted cart entry keys; while a
 * checkout is open (its payment not yet finished) the unique index keeps a second one of the same cart out.
 */
export const checkouts = pgTable(
  'checkouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    idempotencyKey: text('idempotency_key').notNull(),
    entryKeys: text('entry_keys').array().notNull(),
    answers: jsonb('answers').$type<Record<string, Record<string, unknown>>>().notNull().default({}),
    /** completed, or the payment session's state: started, canceled, failed, expired. */
    status: text('status').notNull(),
    open: boolean('open').notNull().default(true),
    createdAt,
    completedAt: at('completed_at'),
  },
  (t) => [
    uniqueIndex('checkouts_open_key')
      .on(t.idempotencyKey)
      .where(sql`${t.open}`),
    index('checkouts_key_created_idx').on(t.idempotencyKey, t.createdAt),
    index('checkouts_user_idx').on(t.userId, t.createdAt),
  ],
);

/** The payment of a checkout at the payment provider; the provider's session id is its reference. */
export const paymentSessions = pgTable(
  'payment_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    checkoutId: uuid('checkout_id')
      .notNull()
      .references(() => checkouts.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    providerSessionId: text('provider_session_id').notNull(),
    paymentUrl: text('payment_url').notNull(),
    status: text('status').notNull().default('started'),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    expiresAt: at('expires_at').notNull(),
    failureReason: text('failure_reason'),
    paymentMethod: text('payment_method'),
    attempts: integer('attempts').notNull().default(0),
    createdAt,
    updatedAt,
  },
  (t) => [
    uniqueIndex('payment_sessions_checkout_key').on(t.checkoutId),
    uniqueIndex('payment_sessions_provider_key').on(t.provider, t.providerSessionId),
  ],
);

/** Readable order numbers: PO-1000001, PO-1000002, … */
export const orderNumbers = pgSequence('order_number_seq', { startWith: 1000001 });

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: text('number').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    checkoutId: uuid('checkout_id').references(() => checkouts.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: ['request', 'purchase'] }).notNull(),
    status: text('status').notNull(),
    paid: boolean('paid').notNull().default(false),
    paymentMethod: text('payment_method'),
    totalCents: integer('total_cents'),
    currency: text('currency'),
    requestedAt: at('requested_at').notNull(),
    updatedAt,
  },
  (t) => [
    uniqueIndex('orders_number_key').on(t.number),
    index('orders_user_idx').on(t.userId, t.requestedAt),
    index('orders_requested_idx').on(t.requestedAt, t.id),
    index('orders_status_idx').on(t.status, t.requestedAt),
    index('orders_checkout_idx').on(t.checkoutId),
  ],
);

export const orderPositions = pgTable(
  'order_positions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    entryType: text('entry_type').notNull(),
    featureId: text('feature_id').notNull(),
    version: text('version'),
    name: text('name').notNull(),
    priceCents: integer('price_cents'),
    currency: text('currency'),
    status: text('status').notNull().default('in-progress'),
    comment: text('comment'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: at('decided_at'),
  },
  (t) => [
    index('order_positions_order_idx').on(t.orderId, t.position),
    index('order_positions_feature_idx').on(t.featureId, t.version),
  ],
);

export const licenses = pgTable(
  'licenses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orderPositionId: uuid('order_position_id').references(() => orderPositions.id, { onDelete: 'set null' }),
    product: text('product').notNull(),
    featureId: text('feature_id').notNull(),
    version: text('version'),
    type: text('type').notNull(),
    grantedAt: at('granted_at').notNull(),
    expiration: at('expiration'),
    revokedAt: at('revoked_at'),
    comments: text('comments'),
  },
  (t) => [
    index('licenses_user_idx').on(t.userId, t.grantedAt),
    index('licenses_granted_idx').on(t.grantedAt, t.id),
    uniqueIndex('licenses_position_key').on(t.orderPositionId),
  ],
);

/** A customer's launcher installer of an installable tool, with the installation keys issued for it. */
export const installers = pgTable(
  'installers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    toolId: uuid('tool_id')
      .notNull()
      .references(() => tools.id, { onDelete: 'cascade' }),
    createdAt,
  },
  (t) => [uniqueIndex('installers_user_tool_key').on(t.userId, t.toolId)],
);

export const installationKeys = pgTable(
  'installation_keys',
  {
    installerId: uuid('installer_id')
      .notNull()
      .references(() => installers.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** Issue order: keys issued in the same millisecond still have a latest. */
    seq: integer('seq').generatedAlwaysAsIdentity(),
    createdAt,
  },
  (t) => [
    primaryKey({ columns: [t.installerId, t.key] }),
    index('installation_keys_created_idx').on(t.installerId, t.createdAt),
  ],
);
