import type { ApiClient } from '@portal/data-provider';
import type { ResourceAdapter } from '../providers/admin-data-provider';
import { userRolesAdapter } from './user-roles/adapter';

/** Resources whose API does not speak the simple-rest dialect, by resource name. */
export const resourceAdapters = (api: ApiClient): Record<string, ResourceAdapter> => ({
  'user-roles': userRolesAdapter(api),
});
