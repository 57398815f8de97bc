import { documentsResource } from '@portal/resources';
import { resourceRoutes } from '../../crud/resource-routes.js';

/**
 * Every document boards can show (documentsResource, the admin console's Documents menu): SAMI-imported ones and
 * user documents. Boards assign them under `boards/{id}/documents`.
 */
export default resourceRoutes(documentsResource, 'documents', {
  notes: {
    list: 'Sort title|type|filename; filters source (sami|custom), exclusive, q over title and file name',
    create:
      'A user (custom) document: title (letters, digits, spaces and _-.+), type, file name (letters, digits, spaces, -_()), the url of the file and the exclusive flag',
    edit: 'For every board showing it; fields left out keep their value and unchanged ones are not checked again. A SAMI document changes only its exclusive flag (409 conflict for the others)',
    delete:
      'A user document only; refused with 409 conflict for SAMI documents and while boards still show it',
  },
});
