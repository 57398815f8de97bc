import { ApiError, SignInError } from '@portal/data-provider';
import {
  CURRENT_USER_ERROR_MESSAGES,
  ERROR_CODES,
  STATUS_TITLES,
  isErrorCode,
  statusTitle,
  type ErrorCode,
} from '@portal/resources';
import type { MessageKey, Text } from '../i18n/i18n';
import { key, literal, type NotifyInput } from './notification-store';

const CODED: ReadonlySet<string> = new Set(ERROR_CODES);
const TITLED_STATUSES = Object.keys(STATUS_TITLES).map(Number);

/**
 * The catalogue key of a status title (spec calls §8.2). Statuses §8.2 does not list take the title
 * `statusTitle` of @portal/resources gives them (that of their class).
 */
export function statusTitleKey(status: number): MessageKey {
  if (status === 0) return 'error.network';
  const title = statusTitle(status);
  const titled = TITLED_STATUSES.find((candidate) => STATUS_TITLES[candidate] === title);
  return titled === undefined ? 'error.unknown' : (`error.status.${titled}` as MessageKey);
}

/** The text of an error code, the current-user variant when the user is in its list (spec calls §8.3). */
export function errorCodeText(code: string, currentUserInList = false): Text {
  if (!isErrorCode(code)) return key('error.unknownCode');
  if (currentUserInList && code in CURRENT_USER_ERROR_MESSAGES) {
    return key(`errorCodeForYou.${code as keyof typeof CURRENT_USER_ERROR_MESSAGES}`);
  }
  return key(`errorCode.${code as ErrorCode}`);
}

/**
 * An error as a notification: the translated title of its status, the error codes' texts with their item
 * lists (20 s), the server's messages otherwise, and the support ID of a 403. Sign-in errors of spec §8.1
 * have their own texts; anything else shows its message under "Unknown error".
 */
export function errorNotice(error: unknown, { currentUser }: { currentUser?: string } = {}): NotifyInput {
  if (error instanceof ApiError) {
    const coded = error.errors.filter((item) => CODED.has(item.errorCode));
    const details: Text[] = coded.flatMap((item) =>
      item.resources.length > 0 ? [literal(item.resources.join(', '))] : [],
    );
    if (error.supportId) details.push(key('notifications.supportId', { supportId: error.supportId }));
    const message =
      coded.length > 0
        ? errorCodeText(coded[0]!.errorCode, !!currentUser && coded[0]!.resources.includes(currentUser))
        : literal(error.message);
    return {
      kind: 'error',
      title: key(statusTitleKey(error.status)),
      message,
      details,
      coded: coded.length > 0,
    };
  }
  if (error instanceof SignInError) {
    return {
      kind: 'error',
      title: key('notifications.loginFailed'),
      message: key(
        error.code === 'user_fetch_failed' ? 'signIn.failedToFetchUser' : 'signIn.invalidAuthenticationType',
      ),
    };
  }
  return {
    kind: 'error',
    title: key('error.unknown'),
    message: error instanceof Error && error.message ? literal(error.message) : key('app.unexpectedError'),
  };
}
