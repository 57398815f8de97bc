import { z } from 'zod';
import { licenseStatusSchema } from '../states.js';
import { featureIdSchema } from './tool.js';
import { tooLong } from '../validation/text.js';

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

/** A license as the API answers it: the license and what it is for. */
export const licenseRecordSchema = licenseSchema.extend({
  featureId: z.string(),
  version: z.string().nullable(),
  orderNumber: z.string().nullable(),
  userEmail: z.string(),
  revoked: z.boolean(),
});
export type LicenseRecord = z.infer<typeof licenseRecordSchema>;

/** An installer as the API answers it: for which installable tool, and whose. */
export const installerRecordSchema = installerSchema.extend({
  name: z.string(),
  featureId: z.string(),
  userEmail: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type InstallerRecord = z.infer<typeof installerRecordSchema>;

export const installerInputSchema = z.object({ featureId: featureIdSchema });
export type InstallerInput = z.infer<typeof installerInputSchema>;

/** An admin's change to a license: revoke or restore it, with a note. */
export const licenseUpdateSchema = z.object({
  revoked: z.boolean(),
  comments: z.string().max(1000, tooLong('Comments may have')).nullable(),
});
export type LicenseUpdate = z.infer<typeof licenseUpdateSchema>;
