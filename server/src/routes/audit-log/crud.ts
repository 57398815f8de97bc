import { auditLogResource } from '@portal/resources';
import { resourceRoutes } from '../../crud/resource-routes.js';

/** The history (issue 22): admins read every record, company space admins their own space's; read-only. */
export default resourceRoutes(auditLogResource, 'auditLog', {
  notes: {
    list: 'Newest first. Secret fields (passwords, hashes, secrets, tokens) are never answered',
  },
});
