import { z } from 'zod';
import { bundleKeySchema, bundleNameSchema, bundleUuidSchema } from '../validation/catalogue.js';
import { httpUrlSchema, tooLong } from '../validation/text.js';
import { requestFlowTypeSchema } from './request-flow.js';
import { featureIdSchema, toolSchema, versionLabelSchema } from './tool.js';

export { REQUEST_FLOWS, requestFlowTypeSchema, type RequestFlowType } from './request-flow.js';

/** The request flow editor's payload, for software and bundles alike. */
export const requestFlowInputSchema = z
  .object({
    requestFlow: requestFlowTypeSchema,
    questionnaireId: z.uuid().nullable(),
    requestUrl: httpUrlSchema.nullable(),
  })
  .superRefine((flow, ctx) => {
    if (flow.requestFlow === 'cart-with-questionnaire' && flow.questionnaireId === null) {
      ctx.addIssue({
        code: 'custom',
        message: 'Select the questionnaire customers fill in with their request.',
        path: ['questionnaireId'],
      });
    }
    if (flow.requestFlow === 'external' && flow.requestUrl === null) {
      ctx.addIssue({
        code: 'custom',
        message: 'Enter the address of the request page.',
        path: ['requestUrl'],
      });
    }
  });
export type RequestFlowInput = z.infer<typeof requestFlowInputSchema>;

/** The request flow of a software or bundle as the API answers it (types only: older rows still read). */
export const requestFlowSchema = z.object({
  requestFlow: requestFlowTypeSchema,
  questionnaireId: z.uuid().nullable(),
  requestUrl: z.string().nullable(),
});
export type RequestFlow = z.infer<typeof requestFlowSchema>;

export const bundleFeatureSchema = z.object({ featureId: z.string(), name: z.string() });
export type BundleFeature = z.infer<typeof bundleFeatureSchema>;

/**
 * `id` is the bundle's own UUID: the page address (spec §2.1 /software-bundles/{uuid}). `uuid` is the software
 * catalogue's key (spec §3), kept as given rather than checked as an RFC UUID: carts, orders and the admin resource
 * name a bundle by it, and the page takes it as an alias.
 */
export const softwareBundleSchema = z.object({
  id: z.uuid(),
  uuid: bundleKeySchema,
  name: z.string(),
  orderable: z.boolean(),
  released: z.boolean(),
  iconUrl: httpUrlSchema.nullable(),
  hardwareNames: z.array(z.string()),
  toolFeatureIds: z.array(z.string()),
  documentFeatureIds: z.array(z.string()),
  questionnaireId: z.uuid().nullable(),
  features: z.array(bundleFeatureSchema),
  /** Feature ids of `features` the customer picked. */
  selectedFeatures: z.array(z.string()),
  requestFlow: requestFlowTypeSchema,
});
export type SoftwareBundle = z.infer<typeof softwareBundleSchema>;

export const softwareBundleInputSchema = softwareBundleSchema
  .omit({ id: true, features: true, selectedFeatures: true })
  .extend({ uuid: bundleUuidSchema, name: bundleNameSchema });
export type SoftwareBundleInput = z.infer<typeof softwareBundleInputSchema>;

/** A bundle a customer puts together from tools, with the questions each tool asks. */
export const customBundleSchema = z.object({
  uuid: z.string(),
  name: z.string(),
  tools: z.array(toolSchema),
  toolFeatureIds: z.array(z.string()),
  /** Tool feature id to the ids of the questions asked for it (the spec does not show the value type). */
  featureQuestionsMap: z.record(z.string(), z.array(z.uuid())),
  /** Tool feature id to the id of its questionnaire. */
  toolQuestionnaires: z.record(z.string(), z.uuid()),
});
export type CustomBundle = z.infer<typeof customBundleSchema>;

/** The pinned tool versions of one bundle version (`/admin/softwarebundle/{id}/versions`). */
export const bundleToolVersionSchema = z.object({ featureId: z.string(), version: z.string() });
export type BundleToolVersion = z.infer<typeof bundleToolVersionSchema>;

/** A released state of a bundle: which version of each of its tools belongs together. */
export const bundleVersionSchema = z.object({
  id: z.uuid(),
  version: z.string(),
  description: z.string().nullable(),
  released: z.boolean(),
  toolVersions: z.array(bundleToolVersionSchema),
  createdAt: z.iso.datetime({ offset: true }),
});
export type BundleVersion = z.infer<typeof bundleVersionSchema>;

export const bundleVersionInputSchema = z.object({
  version: versionLabelSchema,
  description: z.string().max(5000, tooLong('The description may have')).nullable(),
  released: z.boolean(),
  toolVersions: z
    .array(z.object({ featureId: featureIdSchema, version: versionLabelSchema }))
    .max(200, 'A bundle version may pin at most 200 tool versions.'),
});
export type BundleVersionInput = z.infer<typeof bundleVersionInputSchema>;

/** The bundle page (spec §2.1 /software-bundles/{uuid}): the bundle with its released versions and request address. */
export const softwareBundleDetailSchema = softwareBundleSchema.extend({
  requestUrl: httpUrlSchema.nullable(),
  versions: z.array(bundleVersionSchema),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type SoftwareBundleDetail = z.infer<typeof softwareBundleDetailSchema>;

/** A custom bundle as the customer puts it together: a name and the tools it holds. */
export const customBundleInputSchema = z.object({
  name: bundleNameSchema,
  toolFeatureIds: z
    .array(featureIdSchema)
    .min(1, 'Choose at least one tool.')
    .max(50, 'A custom bundle may hold at most 50 tools.'),
});
export type CustomBundleInput = z.infer<typeof customBundleInputSchema>;
