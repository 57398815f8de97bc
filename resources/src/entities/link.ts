import { z } from 'zod';
import { linkTitleSchema, linkUrlSchema } from '../validation/catalogue.js';

/** A related link of a board, shown in the order the admin dragged it to. */
export const linkSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  url: z.string(),
  order: z.number().int().nonnegative(),
});
export type Link = z.infer<typeof linkSchema>;

/** Add or edit a link; the order comes from the list's "save order" action, not from this form. */
export const linkInputSchema = z.object({
  title: linkTitleSchema,
  url: linkUrlSchema,
});
export type LinkInput = z.infer<typeof linkInputSchema>;

/** "Save order": every link of the board, by id, in the new order. */
export const linkOrderSchema = z.object({
  ids: z.array(z.uuid()).max(500, 'A board may have at most 500 links.'),
});
export type LinkOrder = z.infer<typeof linkOrderSchema>;
