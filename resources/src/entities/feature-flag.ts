import { z } from 'zod';
import { requiredText, tooLong } from '../validation/text.js';

export const FEATURE_FLAG_KEY_MAX_LENGTH = 100;

/** A feature toggle (spec §2.3 /admin/feature-flags); the apps read the enabled ones. */
/** `GET feature-flags/enabled`: the keys of the enabled feature toggles. */
export const enabledFeatureFlagsSchema = z.object({ keys: z.array(z.string()) });

export const featureFlagSchema = z.object({
  id: z.uuid(),
  key: z.string(),
  description: z.string().nullable(),
  enabled: z.boolean(),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type FeatureFlag = z.infer<typeof featureFlagSchema>;

export const featureFlagInputSchema = z.object({
  key: requiredText('Key is required.')
    .max(FEATURE_FLAG_KEY_MAX_LENGTH, `Key may have at most ${FEATURE_FLAG_KEY_MAX_LENGTH} characters.`)
    .regex(
      /^[a-z][a-z0-9-]*$/,
      'Key may contain only lower-case letters, digits and hyphens, starting with a letter.',
    ),
  description: z.string().max(500, tooLong('Description may have')).nullable(),
  enabled: z.boolean(),
});
export type FeatureFlagInput = z.infer<typeof featureFlagInputSchema>;
