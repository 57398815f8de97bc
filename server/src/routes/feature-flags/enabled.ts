import { asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { enabledFeatureFlagsSchema } from '@portal/resources';
import { access } from '../../auth/access.js';
import { featureFlags } from '../../db/schema.js';
import type { ModuleOptions } from '../../http/module.js';
import { errorResponses } from '../../http/openapi.js';

/** The keys of the enabled feature flags, for the apps before sign-in. */
const enabledFeatureFlags: FastifyPluginAsyncZod<ModuleOptions> = async (app, { db }) => {
  app.get(
    '/enabled',
    {
      config: { access: access.public() },
      schema: {
        tags: ['feature flags'],
        summary:
          'The keys of the enabled feature flags, sorted, as `{ keys: [...] }`; public, so the apps read them before sign-in',
        response: { 200: enabledFeatureFlagsSchema, ...errorResponses(401) },
      },
    },
    async () => {
      const rows = await db
        .select({ key: featureFlags.key })
        .from(featureFlags)
        .where(eq(featureFlags.enabled, true))
        .orderBy(asc(featureFlags.key));
      return { keys: rows.map((row) => row.key) };
    },
  );
};

export default enabledFeatureFlags;
