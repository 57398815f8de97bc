import { z } from 'zod';
import { PROJECT_STATUSES } from './constants.js';

/**
 * The states of spec product §4. Values are kebab-case on the wire, like the spec's own
 * `cancellation-requested`; the authentication type keeps the spec's upper-case names because the sign-in
 * session stores exactly those.
 */

export const projectStatusSchema = z.enum(PROJECT_STATUSES);
export type ProjectStatus = z.infer<typeof projectStatusSchema>;

/** The state of one design-in step within a project. */
export const dipStepStateSchema = z.enum(['pending', 'active', 'completed']);
export type DipStepState = z.infer<typeof dipStepStateSchema>;

/** Where a project's design-in process stands: done, being worked on, or waiting for someone to act. */
export const workflowStatusSchema = z.enum([
  'resolved',
  'in-progress',
  'assigned-to-nobody',
  'assigned-to-owner',
  'assigned-to-member',
  'assigned-to-provider',
]);
export type WorkflowStatus = z.infer<typeof workflowStatusSchema>;

export const invitationStatusSchema = z.enum(['active', 'expired']);

export const licenseStatusSchema = z.enum(['active', 'expired', 'revoked', 'perpetual', 'unknown']);
export type LicenseStatus = z.infer<typeof licenseStatusSchema>;

export const orderStatusSchema = z.enum([
  'in-progress',
  'done',
  'reopened',
  'payment-missing',
  'payment-canceled',
]);
export type OrderStatus = z.infer<typeof orderStatusSchema>;

export const orderPositionStatusSchema = z.enum(['rejected', 'approved', 'in-progress', 'reopened']);
export type OrderPositionStatus = z.infer<typeof orderPositionStatusSchema>;

/** A canceled checkout session can be resumed; one that is not finished expires after 24 hours. */
export const checkoutSessionStatusSchema = z.enum(['started', 'canceled', 'failed', 'expired']);

export const billingValidationStatusSchema = z.enum(['ok', 'not-ok', 'pending']);

export const authenticationTypeSchema = z.enum(['NONE', 'NORMAL', 'MFA']);
export type AuthenticationType = z.infer<typeof authenticationTypeSchema>;
