import { z } from 'zod';
import { gettingStartedTitleSchema } from '../validation/catalogue.js';

export const GETTING_STARTED_DESCRIPTION_MAX_LENGTH = 20_000;
export const GETTING_STARTED_ITEMS_MAX = 100;

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

/**
 * One row of the getting-started editor as it is saved: an existing item (with `id`) or a new one (without),
 * or an item marked removed, which the save deletes. A removed item's title is not checked.
 */
export const gettingStartedListItemSchema = z
  .object({
    id: z.uuid().optional(),
    title: z.string(),
    description: z
      .string()
      .max(
        GETTING_STARTED_DESCRIPTION_MAX_LENGTH,
        `Description may have at most ${GETTING_STARTED_DESCRIPTION_MAX_LENGTH} characters.`,
      )
      .nullable()
      .optional(),
    removed: z.boolean().optional(),
  })
  .superRefine((item, ctx) => {
    if (item.removed) return;
    for (const issue of gettingStartedTitleSchema.safeParse(item.title).error?.issues ?? []) {
      ctx.addIssue({ code: 'custom', message: issue.message, path: ['title'] });
    }
  });
export type GettingStartedListItem = z.infer<typeof gettingStartedListItemSchema>;

/**
 * "Applied on save" (spec §4): the whole list of a board's getting-started items in their new order. Items marked
 * removed are deleted, the others are updated or created in this order. The list names every current item, so a
 * save over a list someone else changed meanwhile is refused rather than silently undoing their change.
 */
export const gettingStartedListInputSchema = z.object({
  items: z
    .array(gettingStartedListItemSchema)
    .max(
      GETTING_STARTED_ITEMS_MAX,
      `A board may have at most ${GETTING_STARTED_ITEMS_MAX} getting-started items.`,
    )
    .refine((items) => {
      const ids = items.flatMap((item) => (item.id ? [item.id] : []));
      return new Set(ids).size === ids.length;
    }, 'An item appears twice in the list.'),
});
export type GettingStartedListInput = z.infer<typeof gettingStartedListInputSchema>;
