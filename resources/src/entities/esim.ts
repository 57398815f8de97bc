import { z } from 'zod';

/** The eSIM profile of an eSIM board (`GET eSim/profile`). */
export const eSimProfileSchema = z.object({
  activationCode: z.string(),
  /** The QR code the device scans; its encoding is not in the spec, so plain text. */
  qrCode: z.string(),
  iccid: z.string(),
  profileName: z.string(),
  serviceProviderName: z.string(),
});
export type ESimProfile = z.infer<typeof eSimProfileSchema>;
