import { z } from 'zod';
import { requestFlowTypeSchema } from './request-flow.js';
import {
  CATALOGUE_CATEGORIES,
  CATALOGUE_ITEM_KINDS,
  TOOL_ITEM_TYPES,
  type ToolItemType,
} from '../catalogue-constants.js';
import { itemTypeSchema } from '../item-types.js';
import { httpUrlSchema, requiredText, tooLong } from '../validation/text.js';

/** One file of a tool version. Free-text platform fields: the catalogue sends values such as 'windows', 'x64'. */
export const downloadUrlSchema = z.object({
  uuid: z.uuid(),
  url: httpUrlSchema,
  os: z.string(),
  architecture: z.string(),
  /** What the file is (installer, archive, …); not listed in the spec, so free text. */
  kind: z.string().nullable(),
  filetype: z.string().nullable(),
  /** Bytes. */
  filesize: z.number().int().nonnegative().nullable(),
});
export type DownloadUrl = z.infer<typeof downloadUrlSchema>;

export const toolVersionLinkSchema = z.object({
  uuid: z.uuid(),
  title: z.string(),
  url: httpUrlSchema,
});
export type ToolVersionLink = z.infer<typeof toolVersionLinkSchema>;

/** Another tool this version needs, optionally within a version range (bounds compare with versionNumeric). */
export const toolDependencySchema = z.object({
  uuid: z.uuid(),
  targetFeatureId: z.string(),
  minVersionNumeric: z.number().nullable(),
  maxVersionNumeric: z.number().nullable(),
});
export type ToolDependency = z.infer<typeof toolDependencySchema>;

/**
 * A released version of a tool. It has a serial product number (and is payable) when `spn` is non-empty; it may
 * be downloaded only when `canDownload` is true. The spec's alternative name `artifacts` for `downloadUrls` is
 * not used on this API.
 */
export const toolVersionSchema = z.object({
  id: z.uuid(),
  description: z.string().nullable(),
  version: z.string(),
  /** Sortable form of `version`; null when the catalogue has none and the dotted text is compared instead. */
  versionNumeric: z.number().nullable(),
  orderable: z.boolean(),
  downloadUrls: z.array(downloadUrlSchema),
  tags: z.array(z.string()),
  protocolLink: httpUrlSchema.nullable(),
  spn: z.string().nullable(),
  public: z.boolean(),
  canDownload: z.boolean(),
  links: z.array(toolVersionLinkSchema),
  dependencies: z.array(toolDependencySchema),
  /** Extra catalogue attributes shown as name and value; their set is not in the spec. */
  additionalAttributes: z.record(z.string(), z.string()),
});
export type ToolVersion = z.infer<typeof toolVersionSchema>;

export const toolSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  /** Relative icon path under the tools host's v1 base (spec calls §7.8). */
  icon: z.string().nullable(),
  featureId: z.string(),
  externalUrl: httpUrlSchema.nullable(),
  /** The catalogue's `requestFlowUrl`: where a request for this tool is made outside the cart. */
  requestUrl: httpUrlSchema.nullable(),
  isOnlineTool: z.boolean(),
  isInstallableViaLauncher: z.boolean(),
  /** Keyed by version label (the version text). */
  versions: z.record(z.string(), toolVersionSchema),
  /** Deleted upstream; flagged so the board admin removes it at the next save. */
  isRemoved: z.boolean(),
  type: itemTypeSchema,
  questionnaireId: z.uuid().nullable(),
});
export type Tool = z.infer<typeof toolSchema>;

/** Identifier of a catalogue feature (tool or document): a stable, URL-safe name such as `nx-flash-programmer`. */
export const FEATURE_ID_MAX_LENGTH = 100;
export const featureIdSchema = requiredText('Feature ID is required.')
  .max(FEATURE_ID_MAX_LENGTH, `Feature ID may have at most ${FEATURE_ID_MAX_LENGTH} characters.`)
  .regex(
    /^[A-Za-z0-9][A-Za-z0-9._-]*$/,
    'Feature ID may contain only letters, digits, dots, hyphens and underscores, starting with a letter or digit.',
  );

/** A version label as it appears in download addresses: letters, digits and `. _ + -`. */
export const VERSION_LABEL_MAX_LENGTH = 64;
export const versionLabelSchema = requiredText('Version is required.')
  .max(VERSION_LABEL_MAX_LENGTH, `Version may have at most ${VERSION_LABEL_MAX_LENGTH} characters.`)
  .regex(
    /^[A-Za-z0-9][A-Za-z0-9._+-]*$/,
    'Version may contain only letters, digits and . _ + -, starting with a letter or digit.',
  );

/**
 * Tags of a version. The spec has a tag limit and invalid characters without values; these are the portal's:
 * at most 20 tags of at most 50 letters, digits, spaces and `. _ + -`.
 */
export const TAG_LIMIT = 20;
export const TAG_MAX_LENGTH = 50;
export const tagSchema = requiredText('A tag may not be empty.')
  .max(TAG_MAX_LENGTH, `A tag may have at most ${TAG_MAX_LENGTH} characters.`)
  .regex(/^[A-Za-z0-9 ._+-]+$/, 'A tag may contain only letters, digits, spaces and . _ + -');

export const toolItemTypeSchema = z.enum(TOOL_ITEM_TYPES as [ToolItemType, ...ToolItemType[]]);

/** A price in the smallest unit of an ISO 4217 currency (cents), never a float. */
export const priceSchema = z.object({
  amountCents: z.number().int().nonnegative().max(100_000_000),
  currency: z.string().regex(/^[A-Z]{3}$/, 'Currency must be an ISO 4217 code such as EUR.'),
});
export type Price = z.infer<typeof priceSchema>;

/**
 * A file of a tool version as the catalogue serves it: `url` is its stable address
 * (`…/catalogue/tools/{featureId}/versions/{version}/files/{fileName}`), `sha256` the hex checksum of its bytes.
 * The checksum came with tool API v2: a v1 answer (internal users' switch, spec §4) leaves it out.
 */
export const catalogueFileSchema = downloadUrlSchema.extend({
  fileName: z.string(),
  sha256: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .optional(),
});
export type CatalogueFile = z.infer<typeof catalogueFileSchema>;

/**
 * The body of a version's file upload: the file's bytes as `application/octet-stream` (a Blob in the browser, a
 * Buffer on the server). Not JSON, so nothing to validate here; the route checks it arrived as bytes.
 */
export const fileBytesSchema = z.custom<Blob | Uint8Array>().describe("The file's bytes");

/** Why a caller may not download a version's files; see `downloadRefusal` in `domain/tools.ts`. */
export const DOWNLOAD_REFUSALS = [
  'disabled',
  'sign-in-required',
  'purchase-required',
  'export-controlled',
] as const;
export const downloadRefusalSchema = z.enum(DOWNLOAD_REFUSALS);
export type DownloadRefusal = z.infer<typeof downloadRefusalSchema>;

/**
 * A version as the catalogue shows it to one caller: `canDownload` is that caller's answer (the version's flag,
 * sign-in, purchase and export control together) and `downloadRefusal` says why when it is false.
 */
export const toolVersionDetailSchema = toolVersionSchema.extend({
  downloadUrls: z.array(catalogueFileSchema),
  releaseNotes: z.string().nullable(),
  /** Downloads need an export access request an admin granted. */
  exportControlled: z.boolean(),
  /** Export control classification numbers, such as `ECCN 5D002` or `AL 5D002`. */
  exportControlClassifications: z.array(z.string()),
  /** Set on payable versions (those with a serial product number). */
  price: priceSchema.nullable(),
  downloadRefusal: downloadRefusalSchema.nullable(),
});
export type ToolVersionDetail = z.infer<typeof toolVersionDetailSchema>;

/** Where the caller's export access request for a tool stands; null when they have none (or are anonymous). */
export const EXPORT_ACCESS_STATUSES = ['pending', 'granted', 'refused'] as const;
export const exportAccessStatusSchema = z.enum(EXPORT_ACCESS_STATUSES);
export type ExportAccessStatus = z.infer<typeof exportAccessStatusSchema>;

/** The tool details page (spec §2.1 /assets/{featureId}): the tool, its versions for this caller, and what the rules say. */
export const toolDetailSchema = toolSchema.extend({
  description: z.string().nullable(),
  licenseText: z.string().nullable(),
  versions: z.record(z.string(), toolVersionDetailSchema),
  /** Label of the latest version by the rule of spec §4; null without versions. */
  latestVersion: z.string().nullable(),
  installable: z.boolean(),
  requestable: z.boolean(),
  requestFlow: requestFlowTypeSchema,
  /** For internal users only: others are refused with `internal_use_only` (spec product §2.4). */
  internalOnly: z.boolean(),
  exportAccess: exportAccessStatusSchema.nullable(),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type ToolDetail = z.infer<typeof toolDetailSchema>;

/** A tool as the admin console reads it: the tool with the fields only the admin form edits. */
export const softwareRecordSchema = toolSchema.extend({
  description: z.string().nullable(),
  licenseText: z.string().nullable(),
  requestFlow: requestFlowTypeSchema,
  internalOnly: z.boolean(),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type SoftwareRecord = z.infer<typeof softwareRecordSchema>;

/** The admin's tool form (`/admin/manage-assets`); the request flow and questionnaire have their own editor. */
export const toolInputSchema = z.object({
  name: requiredText('Name is required.').max(255, tooLong('Name may have')),
  featureId: featureIdSchema,
  type: toolItemTypeSchema,
  icon: z.string().max(2048, tooLong('The icon path may have')).nullable(),
  description: z.string().max(5000, tooLong('The description may have')).nullable(),
  externalUrl: httpUrlSchema.nullable(),
  isOnlineTool: z.boolean(),
  isInstallableViaLauncher: z.boolean(),
  licenseText: z.string().max(100_000, tooLong('The license text may have')).nullable(),
  /** Left out: a new tool is for everybody, a changed one keeps its marking. */
  internalOnly: z.boolean().optional(),
});
export type ToolInput = z.infer<typeof toolInputSchema>;

/** Changing a tool: everything but the feature ID, which download addresses and carts refer to. */
export const toolUpdateSchema = toolInputSchema.omit({ featureId: true });
export type ToolUpdate = z.infer<typeof toolUpdateSchema>;

/** The admin's version form (`/admin/software/{id}/versions`); files are uploaded one by one afterwards. */
export const toolVersionInputSchema = z
  .object({
    version: versionLabelSchema,
    versionNumeric: z.number().finite().nullable(),
    description: z.string().max(5000, tooLong('The description may have')).nullable(),
    orderable: z.boolean(),
    tags: z.array(tagSchema).max(TAG_LIMIT, `A version may have at most ${TAG_LIMIT} tags.`),
    protocolLink: httpUrlSchema.nullable(),
    spn: z.string().max(64, tooLong('The serial product number may have')).nullable(),
    price: priceSchema.nullable(),
    public: z.boolean(),
    canDownload: z.boolean(),
    releaseNotes: z.string().max(100_000, tooLong('Release notes may have')).nullable(),
    exportControlled: z.boolean(),
    exportControlClassifications: z
      .array(requiredText('A classification may not be empty.').max(64))
      .max(20, 'A version may have at most 20 export control classifications.'),
    links: z
      .array(
        z.object({
          uuid: z.uuid().optional(),
          title: requiredText('Link title is required.').max(255),
          url: httpUrlSchema,
        }),
      )
      .max(50),
    dependencies: z
      .array(
        z.object({
          uuid: z.uuid().optional(),
          targetFeatureId: featureIdSchema,
          minVersionNumeric: z.number().finite().nullable(),
          maxVersionNumeric: z.number().finite().nullable(),
        }),
      )
      .max(50),
    additionalAttributes: z.record(z.string().min(1).max(100), z.string().max(1000)),
  })
  .superRefine((version, ctx) => {
    if ((version.spn ?? '').trim() !== '' && !version.price) {
      ctx.addIssue({
        code: 'custom',
        path: ['price'],
        message: 'A version with a serial product number is payable and needs a price.',
      });
    } else if ((version.spn ?? '').trim() !== '' && version.price && version.price.amountCents <= 0) {
      // A payable version sold at zero would be a purchase nobody pays: free versions have no SPN.
      ctx.addIssue({
        code: 'custom',
        path: ['price', 'amountCents'],
        message: 'A payable version has a price above zero.',
      });
    }
    version.dependencies.forEach((dependency, index) => {
      const { minVersionNumeric: min, maxVersionNumeric: max } = dependency;
      if (min !== null && max !== null && min > max) {
        ctx.addIssue({
          code: 'custom',
          path: ['dependencies', index, 'maxVersionNumeric'],
          message: 'The highest version must not be lower than the lowest.',
        });
      }
    });
  });
export type ToolVersionInput = z.infer<typeof toolVersionInputSchema>;

/** Describes a file uploaded to a version (the bytes are the request body). */
export const catalogueFileInputSchema = z.object({
  os: z.string().min(1).max(50),
  architecture: z.string().min(1).max(50),
  kind: z.string().max(50).nullable().default(null),
  filetype: z.string().max(50).nullable().default(null),
});
export type CatalogueFileInput = z.infer<typeof catalogueFileInputSchema>;

export const catalogueCategorySchema = z.enum(CATALOGUE_CATEGORIES);
export const catalogueItemKindSchema = z.enum(CATALOGUE_ITEM_KINDS);

/** One card of the catalogue list: enough to show it and to link to its details page. */
export const catalogueItemSchema = z.object({
  id: z.uuid(),
  kind: catalogueItemKindSchema,
  category: catalogueCategorySchema,
  /** featureId of a tool or document, uuid of a bundle. */
  key: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  icon: z.string().nullable(),
  /** Label of the latest version this caller sees (spec §4); null for bundles, documents and tools without one. */
  latestVersion: z.string().nullable(),
  /** Tags of the latest version. */
  tags: z.array(z.string()),
  installable: z.boolean(),
  requestable: z.boolean(),
  /** The latest version has a serial product number. */
  payable: z.boolean(),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type CatalogueItem = z.infer<typeof catalogueItemSchema>;

/** A document of the catalogue (spec §2.1 /document/{featureId}), addressed by its feature ID. */
export const catalogueDocumentSchema = z.object({
  id: z.uuid(),
  featureId: z.string(),
  title: z.string(),
  type: z.string(),
  filename: z.string(),
  description: z.string().nullable(),
  url: httpUrlSchema,
  /** Visible to anonymous visitors; others only to signed-in users. */
  public: z.boolean(),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type CatalogueDocument = z.infer<typeof catalogueDocumentSchema>;

/** A customer's request for the export-controlled downloads of one tool (spec §6), granted or refused by an admin. */
export const exportAccessRequestSchema = z.object({
  id: z.uuid(),
  featureId: z.string(),
  toolName: z.string(),
  userEmail: z.string(),
  status: exportAccessStatusSchema,
  /** What the customer wants the software for. */
  reason: z.string().nullable(),
  /** The admin's note with the decision. */
  comment: z.string().nullable(),
  requestedAt: z.iso.datetime({ offset: true }),
  decidedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type ExportAccessRequest = z.infer<typeof exportAccessRequestSchema>;

/** The reason a customer may give for an export-controlled download. */
export const EXPORT_ACCESS_REASON_MAX_LENGTH = 1000;
export const exportAccessRequestInputSchema = z.object({
  reason: z
    .string()
    .max(EXPORT_ACCESS_REASON_MAX_LENGTH, tooLong('The reason may have'))
    .nullable()
    .default(null),
});
export type ExportAccessRequestInput = z.infer<typeof exportAccessRequestInputSchema>;

/** An admin's decision; a refusal says why. */
export const exportAccessDecisionSchema = z
  .object({
    status: z.enum(['granted', 'refused']),
    comment: z.string().max(1000, tooLong('The comment may have')).nullable().default(null),
  })
  .superRefine((decision, ctx) => {
    if (decision.status === 'refused' && !decision.comment?.trim()) {
      ctx.addIssue({ code: 'custom', path: ['comment'], message: 'Say why the request is refused.' });
    }
  });
export type ExportAccessDecision = z.infer<typeof exportAccessDecisionSchema>;
