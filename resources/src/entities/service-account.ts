import { z } from 'zod';
import { ROLE_NAMES } from '../roles.js';
import { emailSchema } from '../validation/email.js';
import { requiredText } from '../validation/text.js';

/** A machine client (client-credentials grant) acting as a user with default roles such as MFA User. */
export const serviceAccountSchema = z.object({
  id: z.uuid(),
  clientId: z.string(),
  userEmail: z.email(),
  defaultRoles: z.array(z.enum(ROLE_NAMES)),
});
export type ServiceAccount = z.infer<typeof serviceAccountSchema>;

export const CLIENT_ID_MAX_LENGTH = 255;
export const serviceAccountInputSchema = z.object({
  clientId: requiredText('Client ID is required.').max(
    CLIENT_ID_MAX_LENGTH,
    `Client ID may have at most ${CLIENT_ID_MAX_LENGTH} characters.`,
  ),
  userEmail: emailSchema,
  defaultRoles: z.array(z.enum(ROLE_NAMES)),
});
export type ServiceAccountInput = z.infer<typeof serviceAccountInputSchema>;
