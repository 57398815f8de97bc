import { z } from 'zod';
import { invitationStatusSchema } from '../states.js';
import { invitationPasswordSchema } from '../validation/project.js';

/** An invitation to join a project, valid for 48 hours; the invitee opens the link and gives the password. */
export const invitationSchema = z.object({
  id: z.uuid(),
  link: z.url(),
  /** Shown to the inviting owner only when the invitation is created; never answered afterwards. */
  password: z.string().optional(),
  expiresAt: z.iso.datetime({ offset: true }),
  status: invitationStatusSchema,
});
export type Invitation = z.infer<typeof invitationSchema>;

/** What the invitee enters; sent as the `X-Invitation-Password` header to read or accept the invitation. */
export const invitationAcceptSchema = z.object({ password: invitationPasswordSchema });
export type InvitationAccept = z.infer<typeof invitationAcceptSchema>;
