import { companySpacesResource } from '@portal/resources';
import { resourceRoutes } from '../../crud/resource-routes.js';

/**
 * Company spaces (spec product §2.3 /admin/company-spaces, §3): admin CRUD; a company space admin lists, shows and
 * renames only the space they belong to. Members and FAEs: `members.ts`.
 */
export default resourceRoutes(companySpacesResource, 'companySpaces', {
  notes: {
    list: 'A company space admin sees only their own',
    edit: 'Rename (admin, or the company space admin of this space)',
    delete: 'Only an empty one (409 deletion_with_members while anyone is in it)',
  },
});
