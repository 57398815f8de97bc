import { z } from 'zod';
import { bundleNameSchema, bundleUuidSchema } from '../validation/catalogue.js';
import { httpUrlSchema } from '../validation/text.js';
import { toolSchema } from './tool.js';

/**
 * How a customer asks for a catalogue item (the admin's request flow editor): through the cart, through the cart
 * with a questionnaire, or on an external request page. The spec names the flows, not their values.
 */
export const REQUEST_FLOWS = ['cart', 'cart-with-questionnaire', 'external'] as const;
export const requestFlowTypeSchema = z.enum(REQUEST_FLOWS);
export type RequestFlowType = z.infer<typeof requestFlowTypeSchema>;

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

export const bundleFeatureSchema = z.object({ featureId: z.string(), name: z.string() });
export type BundleFeature = z.infer<typeof bundleFeatureSchema>;

/** Bundle UUIDs come from the software catalogue, so they are kept as given rather than checked as RFC UUIDs. */
export const softwareBundleSchema = z.object({
  uuid: z.string(),
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
  .omit({ features: true, selectedFeatures: true })
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
