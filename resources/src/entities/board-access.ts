import { z } from 'zod';
import { emailSchema } from '../validation/email.js';

/** A board permission: on a restricted board only listed emails may register (`boards/{id}/permissions`). */
export const restrictionEntrySchema = z.object({
  /** The user the grant is revoked by (`DELETE boards/{id}/permissions/{userId}`). */
  userId: z.uuid(),
  email: z.email(),
});
export type RestrictionEntry = z.infer<typeof restrictionEntrySchema>;

/** The body of `POST boards/{id}/permissions`; use `restrictionEmailSchema(listed)` to also refuse duplicates. */
export const restrictionGrantSchema = z.object({ userEmail: emailSchema });
export type RestrictionGrant = z.infer<typeof restrictionGrantSchema>;

/** A serial number of a board, registrable by one project or, with `multiRegistration`, by many. */
export const serialNumberSchema = z.object({
  value: z.string(),
  multiRegistration: z.boolean(),
});
export type SerialNumber = z.infer<typeof serialNumberSchema>;
