import { boardsResource } from '@portal/resources';
import { resourceRoutes } from '../../crud/resource-routes.js';

/**
 * Boards for admins (spec product §2.3, §3, §4): CRUD with every field; the rules that are not CRUD (release flag,
 * deletion while projects are registered) are the `boards` repository's hooks. What hangs under one board is served
 * from `_id/`.
 */
export default resourceRoutes(boardsResource, 'boards', {
  notes: {
    create:
      'Only name is required (letters, digits, - and _). Flags default to serial number required, not released, unrestricted, not secure, shown in registration, product type chip; source is "portal"',
    edit: 'Fields left out keep their value, read-only ones (id, source, dates) are ignored. On a board whose source provides the release flag (BSG), changing releasedForRegistration is refused with 409 conflict',
    delete:
      'With everything under it (serial numbers, links, assignments, restrictions, permissions); refused with 409 conflict while projects are registered to it',
  },
});
