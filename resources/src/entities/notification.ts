import { z } from 'zod';
import { NOTIFICATION_DEFAULT_DURATION_MS, NOTIFICATION_TYPES } from '../notifications.js';

/** An entry of the notification stack; it closes by itself after `duration` milliseconds. */
export const notificationEntrySchema = z.object({
  title: z.string(),
  /** May hold markup; shown only through `sanitizeNotificationMessage`. */
  message: z.string(),
  type: z.enum(NOTIFICATION_TYPES),
  duration: z.number().int().positive().default(NOTIFICATION_DEFAULT_DURATION_MS),
});
export type NotificationEntry = z.infer<typeof notificationEntrySchema>;
