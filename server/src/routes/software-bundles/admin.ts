import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bundleKeySchema,
  bundleVersionInputSchema,
  bundleVersionSchema,
  softwareBundleDetailSchema,
  softwareBundleInputSchema,
  softwareBundleSchema,
  softwareBundlesResource,
} from '@portal/resources';
import type { ModuleOptions } from '../../crud/module.js';
import { catalogueAdminRoutes } from '../../modules/catalogue/admin-routes.js';

/**
 * Software bundles in the admin console (spec §2.3 /admin/manage-assets, /admin/softwarebundle/{id}/versions,
 * /admin/softwarebundle/{id}/request-flow), addressed by their catalogue uuid.
 */
const bundleAdminRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { db }) => {
  await app.register(
    catalogueAdminRoutes(db, {
      definition: softwareBundlesResource,
      tags: ['software bundles (admin)'],
      key: 'uuid',
      keySchema: bundleKeySchema,
      noun: 'bundle',
      schemas: {
        summary: softwareBundleSchema,
        detail: softwareBundleDetailSchema,
        input: softwareBundleInputSchema,
        update: softwareBundleInputSchema,
        version: bundleVersionSchema,
        versionInput: bundleVersionInputSchema,
      },
      summaries: {
        list: 'List software bundles, released or not (filters released, q over the name)',
        show: 'One software bundle with every version',
        create: 'Create a software bundle (409 `duplicate` when the uuid is taken)',
        update: 'Change a software bundle (its uuid stays)',
        remove: 'Delete a software bundle with its versions; answers the deleted record',
        versions: 'Every version of a bundle, oldest first',
        createVersion: 'Add a bundle version pinning tool versions (each must exist)',
        updateVersion: 'Change a bundle version',
        removeVersion: 'Delete a bundle version; answers it',
      },
      items: app.bundles,
    }),
    { db },
  );
};

export default bundleAdminRoutes;
