import { toastDuration } from '@portal/resources';
import { useMemo } from 'react';
import {
  Notification,
  NotificationContext,
  useNotificationContext,
  type NotificationPayload,
} from 'react-admin';
import { isCodedMessage } from '../providers/errors';

/** Time to undo: the save waits for the toast to close, so it keeps the warning duration rather than 3 s. */
const UNDO_DURATION_MS = toastDuration('warning');

/**
 * How long a toast stays (spec calls §8.5): success 3 s (react-admin's "saved" toasts are `info`), warning
 * 5 s, error 5 s or 20 s when it carries an error code. A duration set by the caller wins.
 */
export function withSpecDuration(notification: NotificationPayload): NotificationPayload {
  const options = notification.notificationOptions ?? {};
  if (options.autoHideDuration !== undefined) return notification;
  let duration: number;
  if (options.undoable) duration = UNDO_DURATION_MS;
  else if (notification.type === 'error') {
    const text = typeof notification.message === 'string' ? notification.message : '';
    duration = toastDuration('error', {
      coded: isCodedMessage(text) || isCodedMessage(options.messageArgs?._),
    });
  } else if (notification.type === 'warning') duration = toastDuration('warning');
  else duration = toastDuration('success');
  return { ...notification, notificationOptions: { ...options, autoHideDuration: duration } };
}

/**
 * react-admin's notification with the spec's durations. MUI's snackbar already pauses while hovered and
 * resumes when the pointer leaves (spec product §2.4).
 */
export function TimedNotification() {
  const context = useNotificationContext();
  const timed = useMemo(
    () => ({
      ...context,
      takeNotification: () => {
        const next = context.takeNotification();
        return next ? withSpecDuration(next) : next;
      },
    }),
    [context],
  );
  return (
    <NotificationContext.Provider value={timed}>
      <Notification anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }} />
    </NotificationContext.Provider>
  );
}
