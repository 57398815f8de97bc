import { z } from 'zod';
import { ROLE_NAMES, type RoleName } from '../roles.js';
import { isVerified } from '../user.js';
import { emailSchema, sameEmail } from './email.js';

/** The `email_verified` claim counts when it is `true` or the string `'true'` (some providers send strings). */
export const emailVerifiedSchema = z
  .union([z.boolean(), z.string()])
  .refine(isVerified, 'Please verify your email address, then log in again.');

export interface RoleGrant {
  email: string;
  role: RoleName;
}

/** Granting a role on the user roles screen: a valid email, a known role, and not a grant the user already has. */
export function roleGrantSchema(existingGrants: readonly RoleGrant[]) {
  return z
    .object({
      email: emailSchema,
      role: z.enum(ROLE_NAMES, { error: 'Please choose a role.' }),
    })
    .refine(
      (grant) => !existingGrants.some((g) => g.role === grant.role && sameEmail(g.email, grant.email)),
      { error: DUPLICATE_ROLE_GRANT_MESSAGE, path: ['email'] },
    );
}

export const DUPLICATE_ROLE_GRANT_MESSAGE = 'This user already has this role.';
export const OWN_ROLE_REMOVAL_MESSAGE =
  'You are removing one of your own roles. Confirm it to go ahead: you may lose access to this page.';

/** The body of `POST users/roles` and `DELETE users/roles` (spec calls §7.1): the role and the user's email. */
export const userRoleChangeSchema = z.object({
  role: z.enum(ROLE_NAMES, { error: 'Please choose a role.' }),
  user: emailSchema,
  /** Removing one of one's own roles needs this set (spec §5: a separate confirmation). */
  confirmOwnRole: z.boolean().optional(),
});
