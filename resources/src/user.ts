import type { User } from './entities/user.js';

export { userSchema, type User } from './entities/user.js';

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
