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

const INVALID_URL_MESSAGE = 'Please enter a valid URL starting with http:// or https://.';

/** A web address; other schemes (`javascript:`, `data:`, `ftp:`) are refused because these links are clicked. */
export const httpUrlSchema = z.url({ protocol: /^https?$/, error: INVALID_URL_MESSAGE });

export const metaDescriptionSchema = z
  .string()
  .max(
    META_DESCRIPTION_MAX_LENGTH,
    `The meta description may have at most ${META_DESCRIPTION_MAX_LENGTH} characters.`,
  );
