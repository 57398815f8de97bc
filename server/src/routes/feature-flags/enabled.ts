import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { enabledFeatureFlagsSchema } from '@portal/resources';
import { access } from '../../auth/access.js';
import { errorResponses } from '../../crud/openapi.js';

/** The keys of the enabled feature flags, for the apps before sign-in. */
const enabledFeatureFlags: FastifyPluginAsyncZod = async (app) => {
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
    async () => ({ keys: await app.featureFlags.enabledKeys() }),
  );
};

export default enabledFeatureFlags;
