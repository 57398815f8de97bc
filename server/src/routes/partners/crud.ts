import { partnersResource } from '@portal/resources';
import { resourceRoutes } from '../../crud/resource-routes.js';

/**
 * Partners (spec product §2.3 /admin/partners, §3 partner, §5): admin CRUD. A partner's assigned count is the
 * number of boards showing it; boards assign and unassign partners under `boards/{id}/partners`.
 */
export default resourceRoutes(partnersResource, 'partners', {
  notes: { delete: 'The boards showing it stop showing it; the answer carries the assigned count it had' },
});
