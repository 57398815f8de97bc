/** Notification types of spec product §3 and calls §8.5. */
export const NOTIFICATION_TYPES = ['success', 'locked', 'error'] as const;
type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** Timings and size of the notification stack (spec product §9, calls §8.5). */
export const NOTIFICATION_DEFAULT_DURATION_MS = 5000;
export const NOTIFICATION_TICK_MS = 25;
/** An entry closes once its remaining time has passed this value (a little after zero, for the exit animation). */
export const NOTIFICATION_CLOSE_AFTER_MS = -150;
export const NOTIFICATION_PANEL_WIDTH_PX = 350;

/** Toast kinds: the notification types plus the warning toast of spec calls §8.5. */
export type ToastKind = NotificationType | 'warning';

const TOAST_DURATIONS_MS = {
  error: 5000,
  /** An error that carries an error code (spec calls §8.3) stays longer: its item list takes time to read. */
  codedError: 20_000,
  success: 3000,
  warning: 5000,
} as const;

/** How long a toast stays; `coded` matters for errors only. Locked toasts take the default duration. */
export function toastDuration(kind: ToastKind, { coded = false }: { coded?: boolean } = {}): number {
  switch (kind) {
    case 'error':
      return coded ? TOAST_DURATIONS_MS.codedError : TOAST_DURATIONS_MS.error;
    case 'success':
      return TOAST_DURATIONS_MS.success;
    case 'warning':
      return TOAST_DURATIONS_MS.warning;
    default:
      return NOTIFICATION_DEFAULT_DURATION_MS;
  }
}

/**
 * One timer tick of a notification entry: the remaining time drops by one tick unless the entry is hovered
 * (hovering pauses it); the entry closes once the remaining time has passed -150.
 */
export function tickNotification(
  remainingMs: number,
  hovered: boolean,
): { remainingMs: number; closed: boolean } {
  const next = hovered ? remainingMs : remainingMs - NOTIFICATION_TICK_MS;
  return { remainingMs: next, closed: next < NOTIFICATION_CLOSE_AFTER_MS };
}

// The sanitiser lives in its own module: the shell's notification store needs the durations only.
export { sanitizeNotificationMessage } from './notification-sanitize.js';
