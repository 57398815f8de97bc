import type { ApiClient } from '@portal/data-provider';
import type { AddMultipleMembersResult, Invitation, Project } from '@portal/resources';

const projectPath = (id: string) => `projects/${encodeURIComponent(id)}`;

/** `DELETE projects/{id}/users` with the user id: the owner, substitute or an admin removes someone. */
export const removeMember = (api: ApiClient, projectId: string, userId: string) =>
  api.request<Project>(`${projectPath(projectId)}/users`, { method: 'DELETE', json: { id: userId } });

/** `POST projects/{id}/fae`: a provider address becomes the project's one FAE. */
export const setFae = (api: ApiClient, projectId: string, email: string) =>
  api.request<Project>(`${projectPath(projectId)}/fae`, { method: 'POST', json: { email } });

/** `DELETE projects/{id}/fae`. */
export const removeFae = (api: ApiClient, projectId: string) =>
  api.request<Project>(`${projectPath(projectId)}/fae`, { method: 'DELETE' });

/** `POST projects/{id}/substitute`. */
export const setSubstitute = (api: ApiClient, projectId: string, email: string) =>
  api.request<Project>(`${projectPath(projectId)}/substitute`, { method: 'POST', json: { email } });

/** `DELETE projects/{id}/substitute`: the substitute steps back to a plain member. */
export const removeSubstitute = (api: ApiClient, projectId: string) =>
  api.request<Project>(`${projectPath(projectId)}/substitute`, { method: 'DELETE' });

/** `POST projects/add-multiple-members` for one project: people of the company space join as members. */
export const addMembers = (api: ApiClient, projectId: string, emails: string[]) =>
  api.request<AddMultipleMembersResult>('projects/add-multiple-members', {
    method: 'POST',
    json: { projects: [projectId], users: emails },
  });

/** `POST projects/{id}/invitations`: a new link (revoking the open one); the password comes back this once. */
export const createInvitation = (api: ApiClient, projectId: string, password?: string) =>
  api.request<Invitation>(`${projectPath(projectId)}/invitations`, {
    method: 'POST',
    json: password ? { password } : {},
  });

/** `DELETE projects/{id}/invitations/{invitationId}`. */
export const revokeInvitation = (api: ApiClient, projectId: string, invitationId: string) =>
  api.request<Invitation>(`${projectPath(projectId)}/invitations/${encodeURIComponent(invitationId)}`, {
    method: 'DELETE',
  });
