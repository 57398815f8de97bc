import { z } from 'zod';
import { BOARD_SERIAL_NUMBER_MAX_LENGTH } from '../constants.js';
import { emailSchema, sameEmail } from './email.js';
import { httpUrlSchema, LETTERS_AND_DIGITS, requiredText } from './text.js';
import { MESSAGES } from '../errors.js';
import { URL_MAX_LENGTH } from './catalogue.js';

const BOARD_NAME_MAX_LENGTH = 255;
export const boardNameSchema = requiredText('Board name is required.')
  .max(BOARD_NAME_MAX_LENGTH, `Board name may have at most ${BOARD_NAME_MAX_LENGTH} characters.`)
  .regex(/^[A-Za-z0-9_-]+$/, 'Board name may contain only letters, digits, - and _.');

const PRODUCT_IDENTIFIER_MAX_LENGTH = 255;
export const productIdentifierSchema = requiredText('Product identifier is required.')
  .max(
    PRODUCT_IDENTIFIER_MAX_LENGTH,
    `Product identifier may have at most ${PRODUCT_IDENTIFIER_MAX_LENGTH} characters.`,
  )
  .regex(/^[A-Za-z0-9 _-]+$/, 'Product identifier may contain only letters, digits, spaces, - and _.');

const MAILTO = 'mailto:';

/** A board's support link: a web address, or `mailto:` followed by one email address. */
export const supportLinkSchema = z
  .string()
  .refine(
    (link) =>
      link.toLowerCase().startsWith(MAILTO)
        ? emailSchema.safeParse(link.slice(MAILTO.length)).success
        : httpUrlSchema.safeParse(link).success,
    'Please enter a web address starting with http:// or https://, or mailto: followed by an email address.',
  );

/** The spec's own text (calls-auth-errors §8.4), kept once in the message catalogue. */
const SERIAL_NUMBER_CHARACTERS_MESSAGE = MESSAGES.serialNumberInvalid;

/** One serial number as an admin adds it to a board. */
export const boardSerialNumberSchema = requiredText('Serial number is required.')
  .max(
    BOARD_SERIAL_NUMBER_MAX_LENGTH,
    `A serial number may have at most ${BOARD_SERIAL_NUMBER_MAX_LENGTH} characters.`,
  )
  .regex(LETTERS_AND_DIGITS, SERIAL_NUMBER_CHARACTERS_MESSAGE);

interface SerialNumberLineError {
  /** 1-based line number in the text the admin typed or pasted. */
  line: number;
  value: string;
  message: string;
}

export interface ParsedSerialNumbers {
  serialNumbers: string[];
  errors: SerialNumberLineError[];
}

/**
 * Reads serial numbers entered one per line: surrounding spaces and blank lines are ignored, each other line is
 * checked on its own, and a number repeated in the same text is reported once per extra line.
 */
export function parseSerialNumbersText(text: string): ParsedSerialNumbers {
  const serialNumbers: string[] = [];
  const errors: SerialNumberLineError[] = [];
  text.split(/\r?\n/).forEach((rawLine, index) => {
    const value = rawLine.trim();
    if (value === '') return;
    const line = index + 1;
    const result = boardSerialNumberSchema.safeParse(value);
    if (!result.success) {
      for (const issue of result.error.issues) errors.push({ line, value, message: issue.message });
    } else if (serialNumbers.includes(value)) {
      errors.push({ line, value, message: 'This serial number is already listed above.' });
    } else {
      serialNumbers.push(value);
    }
  });
  return { serialNumbers, errors };
}

/** The board admin's serial number text field, parsed to the list of serial numbers it holds. */
export const serialNumbersTextSchema = z.string().transform((text, ctx) => {
  const { serialNumbers, errors } = parseSerialNumbersText(text);
  for (const { line, message } of errors) {
    ctx.issues.push({ code: 'custom', message: `Line ${line}: ${message}`, input: text });
  }
  if (serialNumbers.length === 0 && errors.length === 0) {
    ctx.issues.push({ code: 'custom', message: 'Enter at least one serial number.', input: text });
  }
  return serialNumbers;
});

/** An email added to a board's restriction list (only listed emails may register): valid and not yet listed. */
export function restrictionEmailSchema(listedEmails: readonly string[]) {
  return emailSchema.refine(
    (email) => !listedEmails.some((listed) => sameEmail(listed, email)),
    'This email address is already on the list.',
  );
}

/** The data source that provides a board's release flag; boards it imports have that flag read-only. */
const RELEASE_FLAG_SOURCE = 'BSG';

/** True when a board's source (a comma list) names the data source that provides the release flag. */
export function sourceProvidesReleaseFlag(source: string | null | undefined): boolean {
  return (source ?? '').split(',').some((part) => part.trim().toUpperCase() === RELEASE_FLAG_SOURCE);
}

export const RELEASE_FLAG_READ_ONLY_MESSAGE =
  'This board is imported from BSG, which provides its release flag: "Released for registration" cannot be changed here.';

const BOARD_TEXT_MAX_LENGTH = 255;
export const BOARD_DESCRIPTION_MAX_LENGTH = 10_000;
export const BOARD_PUBLIC_KEY_MAX_LENGTH = 20_000;
const BOARD_BULLETS_MAX = 50;

/** A short free text of a board (ISPN ID, type, version). */
export const boardTextSchema = (label: string) =>
  z.string().max(BOARD_TEXT_MAX_LENGTH, `${label} may have at most ${BOARD_TEXT_MAX_LENGTH} characters.`);

/** One feature or benefit bullet point: one line of text. */
const boardBulletSchema = requiredText('A bullet point may not be empty.')
  .max(BOARD_TEXT_MAX_LENGTH, `A bullet point may have at most ${BOARD_TEXT_MAX_LENGTH} characters.`)
  .regex(/^[^\r\n]*$/, 'A bullet point is one line of text.');

export const boardBulletsSchema = z
  .array(boardBulletSchema)
  .max(BOARD_BULLETS_MAX, `A board may have at most ${BOARD_BULLETS_MAX} bullet points here.`);

/** A board image: a web address, or a path on the portal itself (`/images/…`). */
export const boardImageSchema = z
  .string()
  .max(URL_MAX_LENGTH, `A URL may have at most ${URL_MAX_LENGTH} characters.`)
  .refine(
    (image) => (image.startsWith('/') && !image.startsWith('//')) || httpUrlSchema.safeParse(image).success,
    'Please enter a web address starting with http:// or https://, or a path on this site starting with /.',
  );

/** The support link as a board form sends it: the rule of {@link supportLinkSchema} within the URL length. */
export const boardSupportLinkSchema = supportLinkSchema.refine(
  (link) => link.length <= URL_MAX_LENGTH,
  `A support link may have at most ${URL_MAX_LENGTH} characters.`,
);

/** The most serial numbers one add call takes (a pasted list); more go in several calls. */
export const SERIAL_NUMBERS_PER_ADD_MAX = 10_000;
