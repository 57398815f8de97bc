import { and, asc, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { esimProfiles } from '../../db/tables.js';
import { ApiError } from '../../transport/errors.js';
import { createRateLimitCounter, tooManyAttempts } from '../../transport/rate-limit-store.js';
import { repositoryModule } from '../../crud/module.js';
import type { Executor } from '../../crud/repository.js';

/** eSIM registrations a user may make (each hands out a profile): this many per window. */
export const ESIM_REGISTRATIONS = { count: 3, windowMs: 60 * 60 * 1000 } as const;

/**
 * Hands the owner of a new eSIM project a profile from the pool (issue 17): one profile per user at a time — a
 * second eSIM project while one is held is refused (409 `duplicate`) — and at most
 * {@link ESIM_REGISTRATIONS} a window per user (429 with `Retry-After`), counted in the database's rate-limit
 * table within the registration's transaction, so only registrations that happened count.
 */
export async function assignEsimProfile(tx: Executor, ownerId: string, projectId: string): Promise<void> {
  // Two registrations of one user queue here, so both cannot see "no profile held".
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`esim:${ownerId}`}, 0))`);
  const [held] = await tx
    .select({ id: esimProfiles.id })
    .from(esimProfiles)
    .where(and(eq(esimProfiles.userId, ownerId), isNotNull(esimProfiles.projectId)))
    .limit(1);
  if (held) {
    throw ApiError.of(
      409,
      'duplicate',
      'You already hold an eSIM profile. Delete or cancel that eSIM project to register the board again.',
      ['board'],
    );
  }
  const hit = await createRateLimitCounter(tx, { pruneEveryMs: 0 }).hit(
    'esim-registration',
    ownerId,
    ESIM_REGISTRATIONS.windowMs,
  );
  if (hit.count > ESIM_REGISTRATIONS.count) throw tooManyAttempts(hit.ttlMs, 'esim-registration');
  const [profile] = await tx
    .select({ id: esimProfiles.id })
    .from(esimProfiles)
    .where(and(isNull(esimProfiles.projectId), isNull(esimProfiles.userId)))
    .orderBy(asc(esimProfiles.iccid))
    .limit(1)
    .for('update', { skipLocked: true });
  if (!profile) {
    throw ApiError.of(
      409,
      'conflict',
      'No eSIM profile is available at the moment. Please try again later.',
      ['board'],
    );
  }
  await tx
    .update(esimProfiles)
    .set({ projectId, userId: ownerId, assignedAt: new Date() })
    .where(eq(esimProfiles.id, profile.id));
}

/** A deleted or cancelled eSIM project gives its profile back to the pool. */
export async function releaseEsimProfile(tx: Executor, projectId: string): Promise<void> {
  await tx
    .update(esimProfiles)
    .set({ projectId: null, userId: null, assignedAt: null })
    .where(eq(esimProfiles.projectId, projectId));
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The pool of eSIM profiles handed out with registrations of the eSIM board. */
    esimProfiles: EsimProfilesRepository;
  }
}

export interface EsimProfilesRepository {
  /** The profile most recently handed to a user, if any. */
  latestOf(userId: string): Promise<typeof esimProfiles.$inferSelect | undefined>;
  release: typeof releaseEsimProfile;
}

export default repositoryModule('esimProfiles', ({ db }): EsimProfilesRepository => ({
  latestOf: async (userId) => {
    const [profile] = await db
      .select()
      .from(esimProfiles)
      .where(and(eq(esimProfiles.userId, userId), isNotNull(esimProfiles.assignedAt)))
      .orderBy(desc(esimProfiles.assignedAt), desc(esimProfiles.id))
      .limit(1);
    return profile;
  },
  release: releaseEsimProfile,
}));
