import { CURRENT_USER_ERROR_MESSAGES, ERROR_MESSAGES } from '@portal/resources';
import { prefixed } from './prefixed';

/**
 * The texts of the API's error codes (spec calls §8.3), worded by @portal/resources. They load with the first
 * notice or page that shows one, not with the shell: a first page rarely needs them.
 */
export const errorTexts = {
  ...prefixed('errorCode.', ERROR_MESSAGES),
  ...prefixed('errorCodeForYou.', CURRENT_USER_ERROR_MESSAGES),
};
