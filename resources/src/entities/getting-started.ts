import { z } from 'zod';
import { gettingStartedTitleSchema } from '../validation/catalogue.js';

/** One getting-started item of a board, or of a design-in step when `dipStepNumber` is set. */
export const gettingStartedStepSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  /** Rich text. */
  description: z.string().nullable(),
  order: z.number().int().nonnegative(),
  dipStepNumber: z.number().int().positive().nullable(),
});
export type GettingStartedStep = z.infer<typeof gettingStartedStepSchema>;

export const gettingStartedStepInputSchema = z.object({
  title: gettingStartedTitleSchema,
  description: z.string().nullable(),
});
export type GettingStartedStepInput = z.infer<typeof gettingStartedStepInputSchema>;
