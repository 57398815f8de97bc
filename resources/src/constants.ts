/**
 * Business constants and limits of spec product §9; those of one behaviour live with it (`notifications.ts`,
 * `domain/layout.ts`, `domain/tool-api-version.ts`, `domain/sign-in.ts`).
 */

const SECOND_MS = 1000;
const HOUR_MS = 60 * 60 * SECOND_MS;

/** Largest accepted upload: 25 MB (26214400 bytes), that size itself included. */
export const MAX_UPLOAD_FILE_SIZE_BYTES = 26_214_400;
/**
 * Largest XML file (a secure configuration): it is parsed whole in memory to be validated, so it is bounded
 * tighter than other uploads.
 */
export const MAX_XML_FILE_SIZE_BYTES = 5 * 1024 * 1024;
export const FILE_NAME_MAX_LENGTH = 100;

export const KILOBYTE = 1024;
export const MEGABYTE = 1024 * KILOBYTE;
/** A byte limit as a message names it ("25 MB"): texts render limits from the constants, never retype them. */
export function sizeLimitText(bytes: number): string {
  if (bytes % MEGABYTE === 0) return `${bytes / MEGABYTE} MB`;
  return bytes % KILOBYTE === 0 ? `${bytes / KILOBYTE} KB` : `${bytes} bytes`;
}
export const META_DESCRIPTION_MAX_LENGTH = 158;
export const BOARD_SERIAL_NUMBER_MAX_LENGTH = 45;
export const PROJECT_NAME_MAX_LENGTH = 45;
export const EMAIL_MAX_LENGTH = 255;
export const DEVELOPMENT_CODE_MAX_LENGTH = 255;
export const BUNDLE_NAME_MAX_LENGTH = 255;
/** A bundle's UUID (the software catalogue's key, spec §3) is also the console's path to it: at most this long. */
export const BUNDLE_UUID_MAX_LENGTH = 255;
export const FREE_TEXT_ANSWER_MAX_LENGTH = 255;
export const SALES_CODE_LENGTH = { min: 1, max: 25 } as const;
export const SRC_LENGTH = { min: 3, max: 8 } as const;

export const INVITATION_VALIDITY_MS = 48 * HOUR_MS;
export const CHECKOUT_SESSION_VALIDITY_MS = 24 * HOUR_MS;

export const DEFAULT_LOCALE = 'en-US';

/** The project states of spec product §4, zod-free for the project list (the schema is in `states.ts`). */
export const PROJECT_STATUSES = ['active', 'cancellation-requested', 'cancelled', 'finished'] as const;

/** Projects per page of the customer's project list. */
export const MY_PROJECTS_PAGE_SIZE = 24;

/** The rows per page the admin console offers on its lists. */
export const ADMIN_ROWS_PER_PAGE = [10, 25, 50, 100] as const;

/** The rows per page of an admin console list whose definition names none (`list.perPage`). */
export const ADMIN_DEFAULT_PER_PAGE: (typeof ADMIN_ROWS_PER_PAGE)[number] = 25;

/** The project sort options of §9 (change date, creation date, group, name, SRC, sales code, …) as field names. */
export const PROJECT_SORT_FIELDS = [
  'updatedAt',
  'createdAt',
  'group',
  'name',
  'shortRomCode',
  'salesCode',
  'status',
  'solution',
  'variant',
  'product',
] as const;

/**
 * Mail domains of provider staff (FAE and provider addresses must end in one). The spec gives only the forms
 * `@{site}` and `@{product}.cn`; deployments pass their own list to `providerEmailSchema`.
 */
export const DEFAULT_PROVIDER_EMAIL_DOMAINS: readonly string[] = ['portal.test'];
