import { z } from 'zod';
import { invitationStatusSchema } from '../states.js';
import { invitationPasswordSchema, newInvitationPasswordSchema } from '../validation/project.js';

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

/** The header that carries the invitation password (lower case, as HTTP/2 and Fastify spell headers). */
export const INVITATION_PASSWORD_HEADER = 'x-invitation-password';

/**
 * `POST projects/{id}/invitations`: the owner may choose the password; left out, the server makes one up. The
 * answer carries the password once.
 */
export const invitationCreatePayloadSchema = z.object({ password: newInvitationPasswordSchema.optional() });
export type InvitationCreatePayload = z.infer<typeof invitationCreatePayloadSchema>;

/** `GET invitations/{id}`: what the invitee sees before accepting. */
export const invitationDetailsSchema = invitationSchema.extend({
  project: z.object({
    uuid: z.uuid(),
    name: z.string(),
    boardName: z.string(),
    secure: z.boolean(),
  }),
  /** Email of the member who created the invitation, when still known. */
  invitedBy: z.string().nullable(),
});
export type InvitationDetails = z.infer<typeof invitationDetailsSchema>;
