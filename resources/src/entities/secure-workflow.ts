import { z } from 'zod';
import { requiredText } from '../validation/text.js';
import { ENCRYPTED_FILE_EXTENSION, SECURE_CONFIG_FILE_EXTENSION } from '../validation/upload-rules.js';

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

export const XPATH_MAX_LENGTH = 1000;
export const XML_ERROR_MESSAGE_MAX_LENGTH = 500;
export const XML_VALIDATION_ENTRIES_MAX = 100;

export const xmlValidationEntryInputSchema = xmlValidationEntrySchema
  .extend({
    xpath: requiredText('XPath is required.').max(
      XPATH_MAX_LENGTH,
      `An XPath may have at most ${XPATH_MAX_LENGTH} characters.`,
    ),
    metadataKey: z.string().max(255).nullish(),
    errorMessage: z
      .string()
      .max(
        XML_ERROR_MESSAGE_MAX_LENGTH,
        `An error message may have at most ${XML_ERROR_MESSAGE_MAX_LENGTH} characters.`,
      )
      .nullish(),
  })
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

/** `PUT boards/{id}/xml-validation-entries`: the board's whole list of entries in their order. */
export const xmlValidationEntryListInputSchema = z.object({
  entries: z
    .array(xmlValidationEntryInputSchema)
    .max(
      XML_VALIDATION_ENTRIES_MAX,
      `A board may have at most ${XML_VALIDATION_ENTRIES_MAX} XML validation entries.`,
    ),
});
export type XmlValidationEntryListInput = z.infer<typeof xmlValidationEntryListInputSchema>;

/**
 * A secure configuration (XML) is "customer complete" (spec §4: only then can its step be submitted) when its
 * root element carries `status="customer complete"`; letter case, and hyphens or underscores for the space, do
 * not matter (`Customer-Complete`, `customer_complete`). Any other status, or none, is a draft.
 */
export const CUSTOMER_COMPLETE_STATUS = 'customer complete';
export const isCustomerCompleteStatus = (status: string | null | undefined): boolean =>
  !!status &&
  status
    .trim()
    .toLowerCase()
    .replace(/[-_\s]+/g, ' ') === CUSTOMER_COMPLETE_STATUS;

/** When a secure step's uploaded files are deleted; the spec names the two policies without saying more. */
export const ASSET_DELETE_POLICIES = ['before_resolve', 'always'] as const;
export const assetDeletePolicySchema = z.enum(ASSET_DELETE_POLICIES);
export type AssetDeletePolicy = z.infer<typeof assetDeletePolicySchema>;

export const DEFAULT_ACCEPTED_FILE_TYPES: readonly string[] = [
  SECURE_CONFIG_FILE_EXTENSION,
  ENCRYPTED_FILE_EXTENSION,
];
export const DEFAULT_ASSET_DELETE_POLICY: AssetDeletePolicy = 'before_resolve';
const FILE_TYPE = /^\.[A-Za-z0-9]{1,16}$/;

/**
 * `PUT boards/{id}/secure-workflow`: the file types the board's design-in steps accept (on a secure board every
 * upload must have one of them, on top of `.xml` for configurations and `.asc` for encrypted files) and when
 * uploaded files may be deleted. The DIP asset validators are the board's XML validation entries, edited apart.
 */
export const secureConfigInputSchema = z.object({
  acceptedFileTypes: z
    .array(z.string().regex(FILE_TYPE, 'A file type is a dot followed by letters or digits, such as .xml.'))
    .min(1, 'Accept at least one file type.')
    .max(20, 'Accept at most 20 file types.')
    .refine(
      (types) => new Set(types.map((type) => type.toLowerCase())).size === types.length,
      'A file type appears twice.',
    ),
  deletePolicy: assetDeletePolicySchema,
});
export type SecureConfigInput = z.infer<typeof secureConfigInputSchema>;

/** A board's secure workflow configuration. */
export const secureConfigSchema = z.object({
  /** File extensions a secure step accepts, such as '.xml' and '.asc'. */
  acceptedFileTypes: z.array(z.string()),
  dipAsset: z.object({
    validators: z.array(xmlValidationEntrySchema),
    /** The spec calls these "delete lists": the delete policy in force (one entry). */
    delete: z.array(assetDeletePolicySchema),
  }),
});
export type SecureConfig = z.infer<typeof secureConfigSchema>;

export const METADATA_KEY_MAX_LENGTH = 255;

/**
 * A key secure configurations may store metadata under, with the label admins and customers see. The console's
 * paths and lists of ids take a stored key as it is: any text of at most {@link METADATA_KEY_MAX_LENGTH}
 * characters (the XML validation entries name keys as they are).
 */
export const metadataKeySchema = z.object({
  key: z.string().min(1).max(METADATA_KEY_MAX_LENGTH),
  label: z.string(),
});
export type MetadataKey = z.infer<typeof metadataKeySchema>;
/**
 * A metadata key names a value in stored asset metadata and in XML validation entries, and appears in URLs
 * (`metadata-keys/{key}`): an identifier — a letter, then letters, digits, `.`, `_` or `-`.
 */
export const METADATA_KEY_PATTERN = /^[A-Za-z][A-Za-z0-9._-]*$/;
export const metadataKeyInputSchema = z.object({
  key: requiredText('Key is required.')
    .max(METADATA_KEY_MAX_LENGTH, `Key may have at most ${METADATA_KEY_MAX_LENGTH} characters.`)
    .regex(
      METADATA_KEY_PATTERN,
      'A key starts with a letter and holds only letters, digits, ".", "_" and "-".',
    ),
  label: requiredText('Label is required.').max(
    METADATA_KEY_MAX_LENGTH,
    `Label may have at most ${METADATA_KEY_MAX_LENGTH} characters.`,
  ),
});
export type MetadataKeyInput = z.infer<typeof metadataKeyInputSchema>;
