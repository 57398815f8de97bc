import { ApiError, SignInError } from '@portal/data-provider';
import { CURRENT_USER_ERROR_MESSAGES, ERROR_CODES, isErrorCode, type ErrorCode } from '@portal/resources';
import type { Text } from '../i18n/i18n';
import { key, literal, type NotifyInput } from './notification-store';
import { statusTitleKey } from './status-title';

export { statusTitleKey };

const CODED: ReadonlySet<string> = new Set(ERROR_CODES);

/** The text of an error code, the current-user variant when the user is in its list (spec calls §8.3). */
function errorCodeText(code: string, currentUserInList = false): Text {
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
