import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type {
  BundleToolVersion,
  Price,
  QuestionChoice,
  DependentQuestion,
  ToolDependency,
  ToolVersionLink,
} from '@portal/resources';
import { createdAt, updatedAt } from './columns.js';

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
    /** For internal users only (spec product §2.4 internal-use-only page). */
    internalOnly: boolean('internal_only').notNull().default(false),
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
    // The catalogue's listed tools in its two orders: a deep page skips them on the index alone.
    index('tools_listed_name_idx')
      .on(t.name, t.id)
      .where(sql`not ${t.isRemoved}`),
    index('tools_listed_updated_idx')
      .on(t.updatedAt, t.id)
      .where(sql`not ${t.isRemoved}`),
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
