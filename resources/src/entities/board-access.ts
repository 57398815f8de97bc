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

/** A serial number as the board admin's list shows it. */
export const serialNumberRecordSchema = serialNumberSchema.extend({
  id: z.uuid(),
  /** How many projects registered this serial number. */
  registrations: z.number().int().nonnegative(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type SerialNumberRecord = z.infer<typeof serialNumberRecordSchema>;

/**
 * Serial numbers added to a board: the text the admin typed or pasted, one per line (checked line by line with
 * `parseSerialNumbersText`), all with the same registration mode.
 */
export const serialNumbersAddSchema = z.object({
  serialNumbers: z.string().max(1_000_000, 'The list of serial numbers is too long.'),
  /** Many projects may register each of these serial numbers; default single registration. */
  multiRegistration: z.boolean().optional(),
});
export type SerialNumbersAdd = z.infer<typeof serialNumbersAddSchema>;

/** Switches one serial number between single and multi registration. */
export const serialNumberUpdateSchema = z.object({ multiRegistration: z.boolean() });
export type SerialNumberUpdate = z.infer<typeof serialNumberUpdateSchema>;

/** An email on a restricted board's list (spec §3 restriction entry): only listed emails may register it. */
export const boardRestrictionSchema = z.object({
  email: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type BoardRestriction = z.infer<typeof boardRestrictionSchema>;

/** The body that adds an email to the list; `restrictionEmailSchema(listed)` also refuses duplicates. */
export const boardRestrictionInputSchema = z.object({ email: emailSchema });
export type BoardRestrictionInput = z.infer<typeof boardRestrictionInputSchema>;

/** The format name and version of the board's Sik file. */
export const SIK_FORMAT = 'portal-sik';
export const SIK_FORMAT_VERSION = 1;

/**
 * The board's "Sik" file (`GET boards/{id}/sik`), the serial-number identity list a production line reads; the
 * spec gives no format, so the portal's is this JSON document (server README, "Sik file").
 */
export const sikFileSchema = z.object({
  format: z.literal(SIK_FORMAT),
  version: z.literal(SIK_FORMAT_VERSION),
  board: z.object({
    id: z.uuid(),
    name: z.string(),
    ispn: z.string(),
    ispnId: z.string().nullable(),
  }),
  publicKey: z.string().nullable(),
  generatedAt: z.iso.datetime({ offset: true }),
  serialNumbers: z.array(serialNumberSchema),
});
export type SikFile = z.infer<typeof sikFileSchema>;
