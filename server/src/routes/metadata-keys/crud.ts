import { metadataKeysResource } from '@portal/resources';
import { resourceRoutes } from '../../crud/resource-routes.js';

/** Metadata keys (spec §2.3 /admin/manage-metadata-keys): admin CRUD, addressed by the key itself. */
export default resourceRoutes(metadataKeysResource, 'metadataKeys', {
  idParam: 'key',
  notes: {
    edit: 'Only the label changes; the key stays',
    delete: '409 metadata_key_in_use while an XML validation entry uses it',
  },
});
