import { z } from 'zod';

/** The maintenance banner (`GET /maintenance` on the site root): its text, shown while `show` is true. */
export const maintenanceInfoSchema = z.object({
  text: z.string(),
  show: z.boolean(),
});
export type MaintenanceInfo = z.infer<typeof maintenanceInfoSchema>;
