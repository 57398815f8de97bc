import { z } from 'zod';
import { itemTypeSchema } from '../item-types.js';
import { httpUrlSchema } from '../validation/text.js';

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
