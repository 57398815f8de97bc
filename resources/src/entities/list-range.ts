import { z } from 'zod';

/** The range of a list answer, `offset-limitOffset/total` read as offset, limit and total (see `range.ts`). */
export const listRangeSchema = z.object({
  offset: z.number().int().nonnegative(),
  limit: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
});
export type ListRange = z.infer<typeof listRangeSchema>;
