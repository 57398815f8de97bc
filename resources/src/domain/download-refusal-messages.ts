import { ERROR_MESSAGES } from '../error-messages.js';
import { MESSAGES } from '../errors.js';
import type { DownloadRefusalReason } from './tools.js';

// A module of its own, so the pages that judge a download do not carry the error texts.
/** What a refused download answers (the server's error message), and what the command line shows beside a version. */
export const DOWNLOAD_REFUSAL_MESSAGES: Record<DownloadRefusalReason, string> = {
  'sign-in-required': 'Sign in to download this file.',
  disabled: ERROR_MESSAGES.download_disabled,
  'purchase-required': ERROR_MESSAGES.purchase_required,
  'export-controlled': MESSAGES.exportRestricted,
};
