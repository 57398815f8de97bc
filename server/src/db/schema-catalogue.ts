import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  doublePrecision,
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
import type {
  BundleToolVersion,
  Price,
  PostalAddress,
  QuestionChoice,
  DependentQuestion,
  ToolDependency,
  ToolVersionLink,
} from '@portal/resources';
import { at, createdAt, updatedAt } from './columns.js';
import { users } from './schema.js';


/** PostgreSQL's full-text document type; filled by a generated column, read only in SQL. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * The search document of a catalogue row: the `simple` configuration (no stemming, no stop words), because
 * product names, feature IDs and part numbers are not English prose.
 */
const searchDocument = (...columns: string[]) =>
  sql.raw(`to_tsvector('simple', ${columns.map((c) => `coalesce(${c}, '')`).join(` || ' ' || `)})`);

export const questionnaires = pgTable(
  'questionnaires',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    createdAt,
    updatedAt,
  },
  (t) => [index('questionnaires_name_idx').on(t.name, t.id)],
);

/** Questions of a questionnaire in their order; a question lists the questions that depend on it. */
export const questions = pgTable(
  'questions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    questionnaireId: uuid('questionnaire_id')
      .notNull()
      .references(() => questionnaires.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    type: text('type').notNull(),
    title: text('title').notNull(),
    description: text('description'),
    choices: jsonb('choices').$type<QuestionChoice[]>().notNull().default([]),
    dependentQuestions: jsonb('dependent_questions').$type<DependentQuestion[]>().notNull().default([]),
    optional: boolean('optional').notNull().default(false),
    autofillType: text('autofill_type').notNull().default('none'),
  },
  (t) => [index('questions_questionnaire_idx').on(t.questionnaireId, t.position)],
);

/** Tools and software of every item type (spec §3 Tool); versions and their files below. */
export const tools = pgTable(
  'tools',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    featureId: text('feature_id').notNull(),
    name: text('name').notNull(),
    type: text('type').notNull(),
    icon: text('icon'),
    description: text('description'),
    externalUrl: text('external_url'),
    requestFlow: text('request_flow').notNull().default('cart'),
    requestUrl: text('request_url'),
    isOnlineTool: boolean('is_online_tool').notNull().default(false),
    isInstallableViaLauncher: boolean('is_installable_via_launcher').notNull().default(false),
    isRemoved: boolean('is_removed').notNull().default(false),
    questionnaireId: uuid('questionnaire_id').references(() => questionnaires.id, { onDelete: 'restrict' }),
    licenseText: text('license_text'),
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs(searchDocument('name', 'feature_id', 'description')),
    createdAt,
    updatedAt,
  },
  (t) => [
    uniqueIndex('tools_feature_id_key').on(t.featureId),
    index('tools_name_idx').on(t.name, t.id),
    index('tools_type_name_idx').on(t.type, t.name, t.id),
    index('tools_updated_idx').on(t.updatedAt, t.id),
    index('tools_search_idx').using('gin', t.search),
    index('tools_questionnaire_idx').on(t.questionnaireId),
  ],
);

export const toolVersions = pgTable(
  'tool_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    toolId: uuid('tool_id')
      .notNull()
      .references(() => tools.id, { onDelete: 'cascade' }),
    version: text('version').notNull(),
    versionNumeric: doublePrecision('version_numeric'),
    description: text('description'),
    orderable: boolean('orderable').notNull().default(true),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    protocolLink: text('protocol_link'),
    spn: text('spn'),
    price: jsonb('price').$type<Price>(),
    public: boolean('public').notNull().default(true),
    /** The catalogue's own switch; the caller's answer adds sign-in, purchase and export control. */
    canDownload: boolean('can_download').notNull().default(true),
    releaseNotes: text('release_notes'),
    exportControlled: boolean('export_controlled').notNull().default(false),
    exportControlClassifications: text('export_control_classifications')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    links: jsonb('links').$type<ToolVersionLink[]>().notNull().default([]),
    dependencies: jsonb('dependencies').$type<ToolDependency[]>().notNull().default([]),
    additionalAttributes: jsonb('additional_attributes')
      .$type<Record<string, string>>()
      .notNull()
      .default({}),
    createdAt,
    updatedAt,
  },
  (t) => [uniqueIndex('tool_versions_tool_version_key').on(t.toolId, t.version)],
);

/** Files of a version, kept in the file storage under `storageKey`, with their SHA-256. */
export const toolFiles = pgTable(
  'tool_files',
  {
    /** Also the download's uuid (spec §3 Download URL). */
    id: uuid('id').primaryKey().defaultRandom(),
    versionId: uuid('version_id')
      .notNull()
      .references(() => toolVersions.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    os: text('os').notNull(),
    architecture: text('architecture').notNull(),
    kind: text('kind'),
    filetype: text('filetype'),
    filesize: bigint('filesize', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    storageKey: text('storage_key').notNull(),
    createdAt,
  },
  (t) => [uniqueIndex('tool_files_version_name_key').on(t.versionId, t.fileName)],
);

export const softwareBundles = pgTable(
  'software_bundles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The catalogue's bundle identifier (spec §3: uuid), kept as given. */
    uuid: text('uuid').notNull(),
    name: text('name').notNull(),
    orderable: boolean('orderable').notNull().default(true),
    released: boolean('released').notNull().default(false),
    iconUrl: text('icon_url'),
    hardwareNames: text('hardware_names')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    toolFeatureIds: text('tool_feature_ids')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    documentFeatureIds: text('document_feature_ids')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Features picked by default when the bundle goes into the cart. */
    selectedFeatures: text('selected_features')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    questionnaireId: uuid('questionnaire_id').references(() => questionnaires.id, { onDelete: 'restrict' }),
    requestFlow: text('request_flow').notNull().default('cart'),
    requestUrl: text('request_url'),
    search: tsvector('search').notNull().generatedAlwaysAs(searchDocument('name', 'uuid')),
    createdAt,
    updatedAt,
  },
  (t) => [
    uniqueIndex('software_bundles_uuid_key').on(t.uuid),
    index('software_bundles_name_idx').on(t.name, t.id),
    index('software_bundles_updated_idx').on(t.updatedAt, t.id),
    index('software_bundles_search_idx').using('gin', t.search),
    index('software_bundles_questionnaire_idx').on(t.questionnaireId),
  ],
);

export const bundleVersions = pgTable(
  'bundle_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bundleId: uuid('bundle_id')
      .notNull()
      .references(() => softwareBundles.id, { onDelete: 'cascade' }),
    version: text('version').notNull(),
    description: text('description'),
    released: boolean('released').notNull().default(false),
    toolVersions: jsonb('tool_versions').$type<BundleToolVersion[]>().notNull().default([]),
    createdAt,
  },
  (t) => [uniqueIndex('bundle_versions_bundle_version_key').on(t.bundleId, t.version)],
);

/** Documents of the catalogue, addressed by feature ID (board documents are `documents`). */
export const catalogueDocuments = pgTable(
  'catalogue_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    featureId: text('feature_id').notNull(),
    title: text('title').notNull(),
    type: text('type').notNull().default('document'),
    filename: text('filename').notNull(),
    description: text('description'),
    url: text('url').notNull(),
    public: boolean('public').notNull().default(true),
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs(searchDocument('title', 'feature_id', 'description', 'filename')),
    createdAt,
    updatedAt,
  },
  (t) => [
    uniqueIndex('catalogue_documents_feature_id_key').on(t.featureId),
    index('catalogue_documents_title_idx').on(t.title, t.id),
    index('catalogue_documents_updated_idx').on(t.updatedAt, t.id),
    index('catalogue_documents_search_idx').using('gin', t.search),
  ],
);

/** Keys secure configurations store metadata under (spec §2.3 /admin/manage-metadata-keys). */
export const metadataKeys = pgTable('metadata_keys', {
  key: text('key').primaryKey(),
  label: text('label').notNull(),
  createdAt,
  updatedAt,
});

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
