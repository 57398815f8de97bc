import { boardCsaLinksResource } from '@portal/resources';
import { resourceRoutes } from '../../crud/resource-routes.js';
import { linkNotes } from '../../modules/boards/route-schemas.js';

const rule = 'Admin only; the user must belong to a company space';

/**
 * Links of boards to company space admins (spec §2.3 /admin/manage-board-csa-link): a link gives its user the company
 * space admin role in the projects of the board in their own company space.
 */
export default resourceRoutes(boardCsaLinksResource, 'boardCsaLinks', {
  notes: linkNotes(rule),
});
