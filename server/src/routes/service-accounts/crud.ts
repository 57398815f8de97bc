import { serviceAccountsResource } from '@portal/resources';
import { resourceRoutes } from '../../crud/resource-routes.js';

/** Service accounts (spec §2.3): admin CRUD; the create answer carries the secret, shown this once. */
export default resourceRoutes(serviceAccountsResource, 'serviceAccounts', {
  notes: {
    show: 'Never its secret',
    create: 'The answer carries its secret, shown this once',
    edit: 'Changes the user email and default roles (its client ID stays)',
    delete: 'Its tokens stop working at once',
  },
});
