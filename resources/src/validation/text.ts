import { z } from 'zod';
import { META_DESCRIPTION_MAX_LENGTH } from '../constants.js';

/**
 * Wherever a rule of the spec says "letters", it means ASCII letters: the values end up in file names, URLs and
 * partner systems that expect plain identifiers.
 */
export const LETTERS_AND_DIGITS = /^[A-Za-z0-9]+$/;

/** A required text: missing or blank shows `message` alone, so an empty field is not also told it is malformed. */
export function requiredText(message: string) {
  return z.string({ error: message }).regex(/\S/, { error: message, abort: true });
}

/**
 * The message of a text over its `.max()`, naming the limit that check was given, so the number is written once:
 * `.max(255, tooLong('Name may have'))` reads "Name may have at most 255 characters.".
 */
export const tooLong = (subject: string) => ({
  error: (issue: { maximum?: number | bigint }) => `${subject} at most ${issue.maximum} characters.`,
});

const INVALID_URL_MESSAGE = 'Please enter a valid URL starting with http:// or https://.';

/** A web address; other schemes (`javascript:`, `data:`, `ftp:`) are refused because these links are clicked. */
export const httpUrlSchema = z.url({ protocol: /^https?$/, error: INVALID_URL_MESSAGE });

export const metaDescriptionSchema = z
  .string()
  .max(
    META_DESCRIPTION_MAX_LENGTH,
    `The meta description may have at most ${META_DESCRIPTION_MAX_LENGTH} characters.`,
  );

/**
 * Line breaks and control characters (C0, DEL, C1, the Unicode line and paragraph separators): refused in names,
 * company and country, which end up in mail lines, mail subjects and spreadsheets where they could forge text.
 */
// eslint-disable-next-line no-control-regex -- control characters are exactly what the rule refuses
const LINE_BREAK_OR_CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/** A one-line text such as a person's name, a company or a country; `label` names the field in the message. */
export function singleLineText(label: string) {
  return z.string().refine((value) => !LINE_BREAK_OR_CONTROL.test(value), {
    error: `${label} may not contain line breaks or control characters.`,
  });
}
