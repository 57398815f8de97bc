import { z } from 'zod';
import { ROLE_NAMES } from './roles.js';

export const roleSchema = z.object({ name: z.enum(ROLE_NAMES) });

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

/** Full name is the given name followed by the family name (family name alone if the given name is missing). */
export function fullName(user: { givenName?: string | null; familyName?: string | null }): string {
  const given = user.givenName?.trim();
  const family = user.familyName?.trim() ?? '';
  return given ? `${given} ${family}`.trim() : family;
}

/** The label of a user: the full name, else the user name, else the email, so a label is never empty. */
export function displayName(user: Pick<User, 'givenName' | 'familyName' | 'username' | 'email'>): string {
  return fullName(user) || user.username || user.email;
}

/** A user is verified when email_verified is true or the string 'true'. */
export function isVerified(emailVerified: unknown): boolean {
  return emailVerified === true || emailVerified === 'true';
}
