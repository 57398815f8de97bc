import { z } from 'zod';
import { companySpaceNameSchema } from '../validation/project.js';

export const companySpaceUserSchema = z.object({
  id: z.uuid(),
  username: z.string(),
  email: z.email(),
});
export type CompanySpaceUser = z.infer<typeof companySpaceUserSchema>;

/** A customer company's space: its members see each other's projects; its FAEs support them. */
export const companySpaceSchema = z.object({
  uuid: z.uuid(),
  name: z.string(),
  members: z.array(companySpaceUserSchema),
  faes: z.array(companySpaceUserSchema),
});
export type CompanySpace = z.infer<typeof companySpaceSchema>;

export const companySpaceInputSchema = z.object({ name: companySpaceNameSchema });
export type CompanySpaceInput = z.infer<typeof companySpaceInputSchema>;
