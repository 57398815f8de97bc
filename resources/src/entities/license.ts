import { z } from 'zod';
import { licenseStatusSchema } from '../states.js';

export const licenseSchema = z.object({
  id: z.uuid(),
  grantedAt: z.iso.datetime({ offset: true }),
  /** Name of the licensed product. */
  product: z.string(),
  /** Null for a license without end (status perpetual). */
  expiration: z.iso.datetime({ offset: true }).nullable(),
  /** License model as the licensing system names it (node-locked, floating, …); not listed in the spec. */
  type: z.string(),
  status: licenseStatusSchema,
  comments: z.string().nullable(),
});
export type License = z.infer<typeof licenseSchema>;

export const installationKeySchema = z.object({
  key: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type InstallationKey = z.infer<typeof installationKeySchema>;

/** An installer the user may run, with the installation keys issued for it. */
export const installerSchema = z.object({
  id: z.uuid(),
  installationKeys: z.array(installationKeySchema),
  /** The most recent of `installationKeys`, null before the first is issued. */
  latestKey: installationKeySchema.nullable(),
});
export type Installer = z.infer<typeof installerSchema>;
