import type { ApiClient } from '@portal/data-provider';
import type { NotificationSetting } from '@portal/resources';
import { queryOptions } from '@tanstack/react-query';
import { projectKeys } from './query-keys';

/** `GET projects/{id}/users/me/notifications`: one setting per type; a missing one counts as enabled. */
export function notificationSettingsQuery(api: ApiClient, projectId: string) {
  return queryOptions({
    queryKey: projectKeys.notifications(projectId),
    queryFn: ({ signal }) =>
      api.call('GET /projects/:id/users/me/notifications', { params: { id: projectId }, signal }),
  });
}

/** `PATCH projects/{id}/users/me/notifications`: one type on or off; answers every setting. */
export const updateNotificationSetting = (api: ApiClient, projectId: string, setting: NotificationSetting) =>
  api.call('PATCH /projects/:id/users/me/notifications', { params: { id: projectId }, body: setting });
