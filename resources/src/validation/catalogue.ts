import { z } from 'zod';
import { BUNDLE_NAME_MAX_LENGTH, BUNDLE_UUID_MAX_LENGTH } from '../constants.js';
import { httpUrlSchema, requiredText } from './text.js';

/** Limits the spec mentions without values ("max lengths"); chosen to fit a card title and a browser URL. */
const TITLE_MAX_LENGTH = 255;
export const URL_MAX_LENGTH = 2048;

const urlTooLong = `A URL may have at most ${URL_MAX_LENGTH} characters.`;

export const documentTitleSchema = requiredText('Document title is required.')
  .max(TITLE_MAX_LENGTH, `Document title may have at most ${TITLE_MAX_LENGTH} characters.`)
  .regex(/^[A-Za-z0-9 _.+-]+$/, 'Document title may contain only letters, digits, spaces and _ - . +');

const DOCUMENT_FILE_NAME_MESSAGE = 'File name may contain only letters, digits, spaces, dots and - _ ( )';

/**
 * A document's file name as an admin types it: letters, digits, spaces, - _ ( ) and the dots of an extension, as
 * upload names (spec §5) and the demo data's own names (`nx240-datasheet.pdf`) have; a leading dot or `..` would
 * read as a path, so they are refused.
 */
export const documentFileNameSchema = requiredText('File name is required.')
  .max(TITLE_MAX_LENGTH, `File name may have at most ${TITLE_MAX_LENGTH} characters.`)
  .regex(/^[A-Za-z0-9 ()._-]+$/, DOCUMENT_FILE_NAME_MESSAGE)
  .refine((name) => !name.startsWith('.') && !name.includes('..'), DOCUMENT_FILE_NAME_MESSAGE);

/** A bundle's UUID as the console's paths and lists of ids name a stored bundle: as long as an admin may type it. */
export const bundleKeySchema = z.string().min(1).max(BUNDLE_UUID_MAX_LENGTH);

/** Software bundle messages are the spec's, word for word (its length's is ours: the spec names no bound). */
export const bundleUuidSchema = requiredText('UUID is required').max(
  BUNDLE_UUID_MAX_LENGTH,
  `UUID may have at most ${BUNDLE_UUID_MAX_LENGTH} characters`,
);
export const bundleNameSchema = requiredText('Name is required').max(
  BUNDLE_NAME_MAX_LENGTH,
  `Name may have at most ${BUNDLE_NAME_MAX_LENGTH} characters`,
);

export const partnerNameSchema = requiredText('Partner name is required.').max(
  TITLE_MAX_LENGTH,
  `Partner name may have at most ${TITLE_MAX_LENGTH} characters.`,
);

export const partnerLinkUrlSchema = requiredText('Partner link is required.')
  .max(URL_MAX_LENGTH, urlTooLong)
  .pipe(httpUrlSchema);

export const partnerLogoUrlSchema = httpUrlSchema.max(URL_MAX_LENGTH, urlTooLong);

export const linkTitleSchema = requiredText('Link title is required.').max(
  TITLE_MAX_LENGTH,
  `Link title may have at most ${TITLE_MAX_LENGTH} characters.`,
);

export const linkUrlSchema = requiredText('Link URL is required.')
  .max(URL_MAX_LENGTH, urlTooLong)
  .pipe(httpUrlSchema);

export const gettingStartedTitleSchema = requiredText('Title is required.').max(
  TITLE_MAX_LENGTH,
  `Title may have at most ${TITLE_MAX_LENGTH} characters.`,
);
