import { z } from 'zod';
import { requiredText } from '../validation/text.js';

/**
 * How a secure design-in step checks an uploaded secure configuration (XML): `filename` — the XPath names a file
 * that must be uploaded (encrypted, so with `.asc` added); `metadata` — the XPath must exist exactly once and
 * its value is stored under the metadata key; `match` — the expression must return true and match once.
 */
export const XML_VALIDATION_TYPES = ['filename', 'metadata', 'match'] as const;
export const xmlValidationTypeSchema = z.enum(XML_VALIDATION_TYPES);
export type XmlValidationType = z.infer<typeof xmlValidationTypeSchema>;

export const xmlValidationEntrySchema = z.object({
  type: xmlValidationTypeSchema,
  xpath: z.string(),
  /** The metadata key a `metadata` entry stores its value under; null for the other types. */
  metadataKey: z.string().nullable(),
  /** Shown instead of the generic message when the check fails. */
  errorMessage: z.string().nullable(),
});
export type XmlValidationEntry = z.infer<typeof xmlValidationEntrySchema>;

export const xmlValidationEntryInputSchema = xmlValidationEntrySchema
  .extend({ xpath: requiredText('XPath is required.') })
  .superRefine((entry, ctx) => {
    if (entry.type === 'metadata' && !entry.metadataKey?.trim()) {
      ctx.addIssue({
        code: 'custom',
        message: 'A metadata entry needs a metadata key.',
        path: ['metadataKey'],
      });
    }
  });
export type XmlValidationEntryInput = z.infer<typeof xmlValidationEntryInputSchema>;

/** When a secure step's uploaded files are deleted; the spec names the two policies without saying more. */
export const ASSET_DELETE_POLICIES = ['before_resolve', 'always'] as const;
export const assetDeletePolicySchema = z.enum(ASSET_DELETE_POLICIES);
export type AssetDeletePolicy = z.infer<typeof assetDeletePolicySchema>;

/** A board's secure workflow configuration. */
export const secureConfigSchema = z.object({
  /** File extensions a secure step accepts, such as '.xml' and '.asc'. */
  acceptedFileTypes: z.array(z.string()),
  dipAsset: z.object({
    validators: z.array(xmlValidationEntrySchema),
    /** The spec calls these "delete lists"; each entry is a policy that applies. */
    delete: z.array(assetDeletePolicySchema),
  }),
});
export type SecureConfig = z.infer<typeof secureConfigSchema>;

/** A key secure configurations may store metadata under, with the label admins and customers see. */
export const metadataKeySchema = z.object({
  key: z.string(),
  label: z.string(),
});
export type MetadataKey = z.infer<typeof metadataKeySchema>;

export const METADATA_KEY_MAX_LENGTH = 255;
export const metadataKeyInputSchema = z.object({
  key: requiredText('Key is required.').max(
    METADATA_KEY_MAX_LENGTH,
    `Key may have at most ${METADATA_KEY_MAX_LENGTH} characters.`,
  ),
  label: requiredText('Label is required.').max(
    METADATA_KEY_MAX_LENGTH,
    `Label may have at most ${METADATA_KEY_MAX_LENGTH} characters.`,
  ),
});
export type MetadataKeyInput = z.infer<typeof metadataKeyInputSchema>;
