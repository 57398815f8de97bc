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
  clientId: requiredText('Client ID is required.')
    .max(CLIENT_ID_MAX_LENGTH, `Client ID may have at most ${CLIENT_ID_MAX_LENGTH} characters.`)
    .regex(
      /^[A-Za-z0-9][A-Za-z0-9._-]*$/,
      'Client ID may contain only letters, digits, dots, hyphens and underscores.',
    ),
  userEmail: emailSchema,
  defaultRoles: z.array(z.enum(ROLE_NAMES)),
});
export type ServiceAccountInput = z.infer<typeof serviceAccountInputSchema>;

/** Create and secret-rotation answers carry the secret, shown this once and stored only as a hash. */
export const serviceAccountWithSecretSchema = serviceAccountSchema.extend({ secret: z.string() });
export type ServiceAccountWithSecret = z.infer<typeof serviceAccountWithSecretSchema>;
