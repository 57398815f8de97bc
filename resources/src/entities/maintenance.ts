import { z } from 'zod';

/** The maintenance banner (`GET /maintenance` on the site root): its text, shown while `show` is true. */
export const maintenanceInfoSchema = z.object({
  text: z.string(),
  show: z.boolean(),
});
export type MaintenanceInfo = z.infer<typeof maintenanceInfoSchema>;

export const MAINTENANCE_TEXT_MAX_LENGTH = 1000;

/** What an admin may save as the banner: a bounded text, and no empty banner shown. */
export const maintenanceInputSchema = maintenanceInfoSchema
  .extend({
    text: z
      .string()
      .max(
        MAINTENANCE_TEXT_MAX_LENGTH,
        `The banner text may have at most ${MAINTENANCE_TEXT_MAX_LENGTH} characters.`,
      ),
  })
  .refine((info) => !info.show || info.text.trim() !== '', {
    message: 'Enter the banner text before showing the banner.',
    path: ['text'],
  });
export type MaintenanceInput = z.infer<typeof maintenanceInputSchema>;
