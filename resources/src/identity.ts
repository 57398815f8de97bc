import { z } from 'zod';
import { EMAIL_MAX_LENGTH } from './constants.js';
import { SIGN_IN_CODE_MAX_LENGTH, SIGN_IN_PASSWORD_MAX_LENGTH } from './request-limits.js';
import { singleLineText } from './validation/text.js';

const PASSWORD_MIN_LENGTH = 10;
const PASSWORD_MAX_LENGTH = 128;

/** A required one-line text: names, company and country (no line breaks or control characters). */
const trimmed = (label: string, max: number) =>
  singleLineText(label).pipe(
    z.string().trim().min(1, `${label} is required.`).max(max, `${label} must be at most ${max} characters.`),
  );

/** The sign-up form of the embedded identity provider. */
export const registrationSchema = z.object({
  email: z
    .string()
    .trim()
    .max(EMAIL_MAX_LENGTH, `Email must be at most ${EMAIL_MAX_LENGTH} characters.`)
    .pipe(z.email('Enter a valid email address.')),
  password: z
    .string()
    .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`)
    .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`),
  givenName: trimmed('Given name', 100),
  familyName: trimmed('Family name', 100),
  company: trimmed('Company', 255),
  country: trimmed('Country', 100),
});

export type Registration = z.infer<typeof registrationSchema>;

/** A TOTP code as typed: six digits, spaces allowed between groups. */
export const totpCodeSchema = z
  .string()
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app.'));

/**
 * The embedded provider's sign-in forms as posted. An over-long field does not parse, and the page then treats the
 * attempt as a failed sign-in, never as an error page.
 */
export const signInFormSchema = z.object({
  email: z.string().max(EMAIL_MAX_LENGTH).default(''),
  password: z.string().max(SIGN_IN_PASSWORD_MAX_LENGTH).default(''),
});
export const signInCodeFormSchema = z.object({ code: z.string().max(SIGN_IN_CODE_MAX_LENGTH).default('') });
