import { z } from 'zod';
import { emailSchema } from '../validation/email.js';

/** How a user belongs to a company space: one of its members or one of its FAEs (never both, never two spaces). */
export const COMPANY_SPACE_MEMBER_KINDS = ['member', 'fae'] as const;
export type CompanySpaceMemberKind = (typeof COMPANY_SPACE_MEMBER_KINDS)[number];

/** Adds an existing portal user to a company space, as a member or an FAE, by their email address. */
export const companySpaceMemberInputSchema = z.object({ email: emailSchema });
export type CompanySpaceMemberInput = z.infer<typeof companySpaceMemberInputSchema>;
