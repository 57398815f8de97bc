import { z } from 'zod';
import { ROLE_NAMES } from '../roles.js';
import { emailSchema } from '../validation/email.js';

const roleSchema = z.object({ name: z.enum(ROLE_NAMES) });

/** The user dto of spec calls §7.1: id, username, email, roles, plus the profile claims of product §3. */
export const userSchema = z.object({
  id: z.uuid(),
  username: z.string(),
  email: z.email(),
  givenName: z.string().nullable(),
  familyName: z.string().nullable(),
  company: z.string().nullable(),
  country: z.string().nullable(),
  emailVerified: z.boolean(),
  roles: z.array(roleSchema),
});
export type User = z.infer<typeof userSchema>;

/** The profile claims read from the sign-in provider, named as the provider sends them. */
export const profileClaimsSchema = z.object({
  given_name: z.string().optional(),
  family_name: z.string().optional(),
  company: z.string().optional(),
  country: z.string().optional(),
  email: z.string().optional(),
  /** Some providers send the string 'true'; see `isVerified`. */
  email_verified: z.union([z.boolean(), z.string()]).optional(),
});
export type ProfileClaims = z.infer<typeof profileClaimsSchema>;

/** A row of the admin user roles screen: one user and the global roles granted to them. */
export const userRoleEntrySchema = z.object({
  email: emailSchema,
  roles: z.array(z.enum(ROLE_NAMES)),
});
export type UserRoleEntry = z.infer<typeof userRoleEntrySchema>;
