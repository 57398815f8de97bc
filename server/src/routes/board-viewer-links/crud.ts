import { boardViewerLinksResource } from '@portal/resources';
import { resourceRoutes } from '../../crud/resource-routes.js';
import { linkNotes } from '../../modules/boards/route-schemas.js';

const rule =
  'Admin, or a company space admin for the people of their own company space (403 wrong_company_space otherwise); the user must belong to a company space';

/**
 * Links of boards to company space viewers (spec §2.3 /admin/manage-board-csv-link): a link gives its user the
 * company space viewer role in the projects of the board in their own company space.
 */
export default resourceRoutes(boardViewerLinksResource, 'boardViewerLinks', {
  notes: linkNotes(rule),
});
