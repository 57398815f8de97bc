import { z } from 'zod';
import { DEFAULT_PROVIDER_EMAIL_DOMAINS, EMAIL_MAX_LENGTH } from '../constants.js';

const INVALID_EMAIL_MESSAGE = 'Please enter a valid email address.';

/** Both checks abort, so rules built on top (provider domain, not the owner) see only well-formed addresses. */
export const emailSchema = z.email({ error: INVALID_EMAIL_MESSAGE, abort: true }).max(EMAIL_MAX_LENGTH, {
  error: `An email address may have at most ${EMAIL_MAX_LENGTH} characters.`,
  abort: true,
});

const isEmail = (value: string) => emailSchema.safeParse(value).success;

/** Fields where an address is optional (the next owner of a follow-up): a valid email, or left empty. */
export const emailOrEmptySchema = z
  .string()
  .refine(
    (value) => value === '' || isEmail(value),
    'Please enter a valid email address or leave the field empty.',
  );

/** Two addresses name the same person regardless of letter case. */
export const sameEmail = (a: string | null | undefined, b: string | null | undefined): boolean =>
  !!a && !!b && a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * A provider staff address (FAE, provider contacts): a valid email ending in `@` plus one of `domains`, exactly
 * that domain and not a subdomain of it. The domains are configuration; the default is only for development.
 */
export function providerEmailSchema(domains: readonly string[] = DEFAULT_PROVIDER_EMAIL_DOMAINS) {
  const suffixes = domains.map((domain) => `@${domain.toLowerCase()}`);
  return emailSchema.refine(
    (email) => suffixes.some((suffix) => email.toLowerCase().endsWith(suffix)),
    `Please enter a provider email address ending in ${suffixes.join(' or ')}.`,
  );
}
