/**
 * The bounds of what the server reads from a request: bodies it reads whole and the texts of headers, paths and
 * queries. A body past its bound answers 413, a text past its bound 400. Uploads have their own limits
 * (`MAX_UPLOAD_FILE_SIZE_BYTES` in `constants.ts`).
 */
import { KILOBYTE, MEGABYTE } from './constants.js';

/** A JSON body of any API call. */
export const REQUEST_BODY_MAX_BYTES = MEGABYTE;
/** The embedded sign-in pages' forms (an address and a password, or a code). */
export const SIGN_IN_FORM_MAX_BYTES = 16 * KILOBYTE;
/** The hosted test-payment page's card form. */
export const TEST_PAYMENT_FORM_MAX_BYTES = 4 * KILOBYTE;
/** A payment provider's webhook event, read whole to check its signature. */
export const PAYMENT_WEBHOOK_MAX_BYTES = 512 * KILOBYTE;
/** The payment provider's signature header of a webhook event. */
export const PAYMENT_SIGNATURE_MAX_LENGTH = 2000;

/** A password typed into the sign-in form: longer than any the portal sets, so an old one still reaches the check. */
export const SIGN_IN_PASSWORD_MAX_LENGTH = 1024;
/** A one-time code typed into the sign-in form, spaces included. */
export const SIGN_IN_CODE_MAX_LENGTH = 20;

/** A search or filter text of a list's query. */
export const QUERY_TEXT_MAX_LENGTH = 255;
/** The values one `in` filter of a list's query may name. */
export const QUERY_LIST_MAX_VALUES = 1000;
/** A path segment naming a parent record. */
export const PATH_KEY_MAX_LENGTH = 255;
/** The catalogue list's comma-separated `categories`, and how many it may name as a filter. */
export const CATEGORIES_QUERY_MAX_LENGTH = 500;
export const CATEGORIES_FILTER_MAX_COUNT = 20;
/** The keyset cursor of the project lists, as a previous page's `X-Next-Cursor` gave it. */
export const LIST_CURSOR_MAX_LENGTH = 1000;
/** The `Range` header of a paged list or a download. */
export const RANGE_HEADER_MAX_LENGTH = 100;
