import type { FastifyPluginAsync } from 'fastify';
import { ADMIN_RESOURCES, ADMIN_SUB_RESOURCES, auditLogResource, withActivityOf } from '@portal/resources';
import type { ModuleOptions } from '../../crud/module.js';
import { resourceRoutes } from '../../crud/resource-routes.js';

/**
 * The history (issue 22): admins read every record, company space admins their own space's; read-only. Its entity
 * filter takes the entity types of every served definition, those added beside the portal's own too.
 */
const auditLogRoutes: FastifyPluginAsync<ModuleOptions> = async (api, options) => {
  const added = options.added?.definitions ?? [];
  const definition = added.length
    ? withActivityOf([...ADMIN_RESOURCES, ...ADMIN_SUB_RESOURCES, ...added]).find(
        (each) => each.name === auditLogResource.name,
      )!
    : auditLogResource;
  await api.register(
    resourceRoutes(definition, 'auditLog', {
      notes: {
        list: 'Newest first. Secret fields (passwords, hashes, secrets, tokens) are never answered',
      },
    }),
    // Not `options` whole: autoload's `prefix` in it would be added a second time.
    { db: options.db },
  );
};
export default auditLogRoutes;
