import { userRolesResource } from '@portal/resources';
import { resourceRoutes } from '../../../crud/resource-routes.js';

/** Users holding a role (calls §7.1 `users/roles?role=`): the generic list; grants are one call each (`grants.ts`). */
export default resourceRoutes(userRolesResource, 'userRoles', {
  actions: ['list'],
  notes: { list: 'Every user holding any role without `role`; always by email' },
});
