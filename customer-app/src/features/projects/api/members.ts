import type { ApiClient } from '@portal/data-provider';

/** `DELETE projects/{id}/users` with the user id: the owner, substitute or an admin removes someone. */
export const removeMember = (api: ApiClient, projectId: string, userId: string) =>
  api.call('DELETE /projects/:id/users', { params: { id: projectId }, body: { id: userId } });

/** `POST projects/{id}/fae`: a provider address becomes the project's one FAE. */
export const setFae = (api: ApiClient, projectId: string, email: string) =>
  api.call('POST /projects/:id/fae', { params: { id: projectId }, body: { email } });

/** `DELETE projects/{id}/fae`. */
export const removeFae = (api: ApiClient, projectId: string) =>
  api.call('DELETE /projects/:id/fae', { params: { id: projectId } });

/** `POST projects/{id}/substitute`. */
export const setSubstitute = (api: ApiClient, projectId: string, email: string) =>
  api.call('POST /projects/:id/substitute', { params: { id: projectId }, body: { email } });

/** `DELETE projects/{id}/substitute`: the substitute steps back to a plain member. */
export const removeSubstitute = (api: ApiClient, projectId: string) =>
  api.call('DELETE /projects/:id/substitute', { params: { id: projectId } });

/** `POST projects/add-multiple-members` for one project: people of the company space join as members. */
export const addMembers = (api: ApiClient, projectId: string, emails: string[]) =>
  api.call('POST /projects/add-multiple-members', { body: { projects: [projectId], users: emails } });

/** `POST projects/{id}/invitations`: a new link (revoking the open one); the password comes back this once. */
export const createInvitation = (api: ApiClient, projectId: string, password?: string) =>
  api.call('POST /projects/:id/invitations', {
    params: { id: projectId },
    body: password ? { password } : {},
  });

/** `DELETE projects/{id}/invitations/{invitationId}`. */
export const revokeInvitation = (api: ApiClient, projectId: string, invitationId: string) =>
  api.call('DELETE /projects/:id/invitations/:invitationId', { params: { id: projectId, invitationId } });
