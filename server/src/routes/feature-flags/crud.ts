import { featureFlagsResource } from '@portal/resources';
import { resourceRoutes } from '../../crud/resource-routes.js';

/** Feature toggles (spec product §2.3 /admin/feature-flags): admin CRUD. */
export default resourceRoutes(featureFlagsResource, 'featureFlags', {
  notes: { edit: 'The key is fixed after creation (the apps refer to it)' },
});
