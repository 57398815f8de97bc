import { z } from 'zod';
import {
  DEVELOPMENT_CODE_MAX_LENGTH,
  PROJECT_NAME_MAX_LENGTH,
  SALES_CODE_LENGTH,
  SRC_LENGTH,
} from '../constants.js';
import { emailSchema, sameEmail } from './email.js';
import { withErrorCode } from './error-codes.js';
import { requiredText } from './text.js';

/** Letters, digits, spaces, - and _, starting and ending with a letter or digit (a single character is fine). */
const PROJECT_NAME = /^[A-Za-z0-9](?:[A-Za-z0-9 _-]*[A-Za-z0-9])?$/;

export const projectNameSchema = requiredText('Project name is required.')
  .max(PROJECT_NAME_MAX_LENGTH, `Project name may have at most ${PROJECT_NAME_MAX_LENGTH} characters.`)
  .regex(
    PROJECT_NAME,
    'Project name must start and end with a letter or digit and may contain only letters, digits, spaces, - and _.',
  );

/** The spec limits only the ends of a group name; its length follows the project name's (not shown in the spec). */
const STARTS_AND_ENDS_WITH_LETTER_OR_DIGIT = /^[A-Za-z0-9](?:.*[A-Za-z0-9])?$/s;
const PROJECT_GROUP_MAX_LENGTH = PROJECT_NAME_MAX_LENGTH;

/** "None" stands for "no group" in the group pickers, so no group may be called that, in any letter case. */
export const projectGroupSchema = z
  .string()
  .max(PROJECT_GROUP_MAX_LENGTH, `Group may have at most ${PROJECT_GROUP_MAX_LENGTH} characters.`)
  .regex(STARTS_AND_ENDS_WITH_LETTER_OR_DIGIT, 'Group must start and end with a letter or digit.')
  .refine((group) => group.trim().toLowerCase() !== 'none', 'The group name "None" is reserved.');

/** Short ROM code. */
export const srcSchema = z
  .string()
  .regex(
    new RegExp(`^[A-Z0-9]{${SRC_LENGTH.min},${SRC_LENGTH.max}}$`),
    `The SRC must be ${SRC_LENGTH.min} to ${SRC_LENGTH.max} capital letters or digits.`,
  );

export const salesCodeSchema = requiredText('Sales code is required.').regex(
  new RegExp(`^[A-Za-z0-9]{${SALES_CODE_LENGTH.min},${SALES_CODE_LENGTH.max}}$`),
  `The sales code must be ${SALES_CODE_LENGTH.min} to ${SALES_CODE_LENGTH.max} letters or digits.`,
);

export const developmentCodeSchema = requiredText('Development code is required.').max(
  DEVELOPMENT_CODE_MAX_LENGTH,
  `Development code may have at most ${DEVELOPMENT_CODE_MAX_LENGTH} characters.`,
);

/** The serial number typed or scanned to register a product; printed serials may carry hyphens. */
export const registrationSerialNumberSchema = requiredText('Serial number is required.').regex(
  /^[A-Za-z0-9-]+$/,
  'A serial number may consist only of letters, numbers and hyphens.',
);

const COMPANY_SPACE_NAME_MAX_LENGTH = 255;
export const companySpaceNameSchema = requiredText('Company space name is required.')
  .max(
    COMPANY_SPACE_NAME_MAX_LENGTH,
    `Company space name may have at most ${COMPANY_SPACE_NAME_MAX_LENGTH} characters.`,
  )
  .regex(
    /^[A-Za-z0-9][A-Za-z0-9 _-]*$/,
    'Company space name must start with a letter or number and may contain only letters, numbers, spaces, hyphens and underscores.',
  );

/**
 * What a product is registered by (the `board` of the create payload, and the `board` query of the create route
 * that `/welcome?serialnumber=` forwards to): the serial number printed on it (letters, digits and hyphens), or,
 * for a board that needs no serial number, the board's name (letters, digits, - and _) or id.
 */
const PROJECT_BOARD_REFERENCE_MAX_LENGTH = 255;
export const projectBoardReferenceSchema = requiredText('Select a product.')
  .max(
    PROJECT_BOARD_REFERENCE_MAX_LENGTH,
    `A serial number may have at most ${PROJECT_BOARD_REFERENCE_MAX_LENGTH} characters.`,
  )
  .regex(/^[A-Za-z0-9_-]+$/, 'A serial number may consist only of letters, numbers and hyphens.');

/** The password an invitee types; sent as the `X-Invitation-Password` header. */
export const invitationPasswordSchema = requiredText('Password is required.');

export const INVITATION_PASSWORD_LENGTH = { min: 10, max: 128 } as const;

/**
 * Passwords of at least ten characters that guessing tools try first (leaked-password lists, keyboard rows,
 * the demo's own); compared ignoring case. Short on purpose: it stops the obvious, the length does the rest.
 */
const COMMON_PASSWORDS: readonly string[] = [
  '0123456789',
  '1234567890',
  '0987654321',
  '12345678910',
  '123456789a',
  'a123456789',
  'abcdefghij',
  'abc1234567',
  'qwertyuiop',
  'qwerty1234',
  'qwerty123456',
  '1q2w3e4r5t',
  '1qaz2wsx3edc',
  'asdfghjkl1',
  'zxcvbnm123',
  'password12',
  'password123',
  'password1234',
  'password!1',
  'passw0rd123',
  'iloveyou12',
  'iloveyou123',
  'welcome123',
  'welcome1234',
  'letmein123',
  'changeme123',
  'administrator',
  'admin12345',
  'admin123456',
  'trustno1234',
  'sunshine123',
  'football123',
  'baseball123',
  'monkey12345',
  'dragon12345',
  'princess123',
  'invitation',
  'invitation1',
  'invitation123',
  'demo123456',
  'demo1234demo',
];

/** Common: on the list, or one character repeated (`aaaaaaaaaa`). */
export function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase();
  return COMMON_PASSWORDS.includes(lower) || /^(.)\1*$/su.test(password);
}

/** A password the inviting owner chooses; left out, the server makes one up. */
export const newInvitationPasswordSchema = invitationPasswordSchema
  .min(
    INVITATION_PASSWORD_LENGTH.min,
    `The invitation password must have at least ${INVITATION_PASSWORD_LENGTH.min} characters.`,
  )
  .max(
    INVITATION_PASSWORD_LENGTH.max,
    `The invitation password may have at most ${INVITATION_PASSWORD_LENGTH.max} characters.`,
  )
  .refine(
    (password) => !isCommonPassword(password),
    'This password is too common. Choose a less guessable one.',
  );

/** A project's current owner and substitute emails, for the rules that want someone else. */
export interface ProjectHolders {
  owner: string;
  substitute?: string | null;
}

export const SUBSTITUTE_IS_OWNER_MESSAGE = 'The substitute must not be the project owner.';

/** Substitute (`POST projects/{id}/substitute`): a valid email that is not the owner's. */
export function substituteEmailSchema(ownerEmail: string) {
  return emailSchema.refine((email) => !sameEmail(email, ownerEmail), {
    error: SUBSTITUTE_IS_OWNER_MESSAGE,
    params: withErrorCode('owner_equals_substitute'),
  });
}

/** Transfer ownership: the new owner is a valid email and not already the owner or the substitute. */
export function newOwnerEmailSchema(holders: ProjectHolders) {
  return emailSchema.refine(
    (email) => !sameEmail(email, holders.owner) && !sameEmail(email, holders.substitute),
    'The new owner must not already be the owner or the substitute.',
  );
}
