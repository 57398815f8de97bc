import type { ApiClient } from '@portal/data-provider';
import { INVITATION_PASSWORD_HEADER } from '@portal/resources';

const withPassword = (password: string) => ({ [INVITATION_PASSWORD_HEADER]: password });

/** `GET invitations/{id}` with the password in `X-Invitation-Password`: what the invitee is invited to. */
export const readInvitation = (api: ApiClient, id: string, password: string) =>
  api.call('GET /invitations/:id', { params: { id }, headers: withPassword(password) });

/** `POST invitations/{id}/accept` with the password: the caller joins as a member; answers the project. */
export const acceptInvitation = (api: ApiClient, id: string, password: string) =>
  api.call('POST /invitations/:id/accept', { params: { id }, headers: withPassword(password) });
