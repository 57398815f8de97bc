import { asc, eq } from 'drizzle-orm';
import { featureFlagsResource, type FeatureFlag, type FeatureFlagInput } from '@portal/resources';
import { featureFlags } from '../../db/schema.js';
import { badRequest } from '../../transport/errors.js';
import { repositoryModule } from '../../crud/module.js';
import { defineRepository, type Repository } from '../../crud/repository.js';

type FeatureFlagRow = typeof featureFlags.$inferSelect;

export interface FeatureFlagsRepository extends Repository<FeatureFlagRow, FeatureFlag> {
  /** The keys of the enabled flags, sorted: what the apps read before sign-in. */
  enabledKeys(): Promise<string[]>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Feature toggles (spec product §2.3 /admin/feature-flags). */
    featureFlags: FeatureFlagsRepository;
  }
}

/** A blank description is no description. */
const values = (input: FeatureFlagInput) => ({
  key: input.key,
  description: input.description?.trim() ? input.description : null,
  enabled: input.enabled,
});

export const featureFlagsRepository = defineRepository<typeof featureFlags, FeatureFlag>(
  featureFlagsResource,
  featureFlags,
  {
    insertValues: (input) => values(input as FeatureFlagInput),
    // The apps refer to a flag by its key, so it never changes.
    updateValues: (input, before) => {
      const { key, ...change } = values(input as FeatureFlagInput);
      if (key !== before.key) {
        throw badRequest('The key of a feature flag cannot be changed; create a new flag instead.', ['key']);
      }
      return change;
    },
  },
);

export default repositoryModule('featureFlags', ({ db }): FeatureFlagsRepository => ({
  ...featureFlagsRepository,
  async enabledKeys() {
    const rows = await db
      .select({ key: featureFlags.key })
      .from(featureFlags)
      .where(eq(featureFlags.enabled, true))
      .orderBy(asc(featureFlags.key));
    return rows.map((row) => row.key);
  },
}));
