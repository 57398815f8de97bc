import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  requestFlowInputSchema,
  type BundleVersion,
  type BundleVersionInput,
  type RequestFlowInput,
  type SoftwareBundleDetail,
  type SoftwareBundleInput,
} from '@portal/resources';
import { bundleVersions, softwareBundles, toolVersions, tools } from '../../db/schema-catalogue.js';
import { audit } from '../../crud/audit.js';
import { badRequest, notFound } from '../../transport/errors.js';
import { repositoryModule } from '../../crud/module.js';
import {
  refusing,
  requestFlowStore,
  taken,
  versionTaken,
  unknownQuestionnaire,
  type Actor,
} from './admin-writes.js';
import type { CatalogueContext, Executor } from './context.js';
import {
  bundleColumns,
  bundleDetail,
  bundleRecords,
  toBundleVersion,
  type BundleSummaryRow,
} from './records.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Software bundles and their versions as the admin console changes them. */
    bundles: BundlesRepository;
  }
}

const bundleNotFound = () => notFound('Software bundle not found.', ['uuid']);

const duplicateBundle = taken('A bundle with this uuid exists.', ['uuid']);
const duplicateVersion = versionTaken('bundle');

/** The list's sort, filter and search columns (the uuid is the key the console addresses a bundle by). */
const listColumns = {
  id: softwareBundles.uuid,
  name: softwareBundles.name,
  released: softwareBundles.released,
};

async function unknownFeatures(db: Executor, featureIds: readonly string[]): Promise<string[]> {
  if (!featureIds.length) return [];
  const found = await db
    .select({ featureId: tools.featureId })
    .from(tools)
    .where(inArray(tools.featureId, [...featureIds]));
  const known = new Set(found.map((row) => row.featureId));
  return featureIds.filter((id) => !known.has(id));
}

/** The request flow rules (a questionnaire for the questionnaire flow, an address for the external one). */
function assertRequestFlow(flow: unknown): void {
  const parsed = requestFlowInputSchema.safeParse(flow);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw badRequest(issue.message, [issue.path.map(String).join('.')]);
  }
}

async function checkInput(tx: Executor, input: SoftwareBundleInput, requestUrl: string | null) {
  const unknown = await unknownFeatures(tx, input.toolFeatureIds);
  if (unknown.length)
    throw badRequest(`No tool has these feature IDs: ${unknown.join(', ')}.`, ['toolFeatureIds']);
  assertRequestFlow({ requestFlow: input.requestFlow, questionnaireId: input.questionnaireId, requestUrl });
}

/** Every pinned tool version must exist and be of a tool the bundle lists (what its orders are judged by). */
async function checkVersionInput(
  tx: Executor,
  bundle: { toolFeatureIds: string[] },
  input: BundleVersionInput,
) {
  const unlisted = input.toolVersions
    .map((pinned) => pinned.featureId)
    .filter((featureId) => !bundle.toolFeatureIds.includes(featureId));
  if (unlisted.length) {
    throw badRequest(`These tools are not in the bundle: ${[...new Set(unlisted)].join(', ')}.`, [
      'toolVersions',
    ]);
  }
  const missing: string[] = [];
  for (const pinned of input.toolVersions) {
    const [found] = await tx
      .select({ id: toolVersions.id })
      .from(toolVersions)
      .innerJoin(tools, eq(tools.id, toolVersions.toolId))
      .where(and(eq(tools.featureId, pinned.featureId), eq(toolVersions.version, pinned.version)))
      .limit(1);
    if (!found) missing.push(`${pinned.featureId}@${pinned.version}`);
  }
  if (missing.length)
    throw badRequest(`These tool versions do not exist: ${missing.join(', ')}.`, ['toolVersions']);
}

const values = (input: SoftwareBundleInput) => ({
  name: input.name.trim(),
  orderable: input.orderable,
  released: input.released,
  iconUrl: input.iconUrl,
  hardwareNames: input.hardwareNames,
  toolFeatureIds: [...new Set(input.toolFeatureIds)],
  documentFeatureIds: [...new Set(input.documentFeatureIds)],
  questionnaireId: input.questionnaireId,
  requestFlow: input.requestFlow,
});

/** Software bundles and their versions as the admin console changes them, addressed by their catalogue uuid. */
export function bundlesRepository({ db, clock }: Pick<CatalogueContext, 'db' | 'clock'>) {
  async function findBundle(uuid: string, tx: Executor = db): Promise<BundleSummaryRow> {
    const [row] = await tx
      .select(bundleColumns)
      .from(softwareBundles)
      .where(eq(softwareBundles.uuid, uuid))
      .limit(1);
    if (!row) throw bundleNotFound();
    return row;
  }

  async function findBundleVersion(bundleId: string, versionId: string, tx: Executor = db) {
    const [row] = await tx
      .select()
      .from(bundleVersions)
      .where(and(eq(bundleVersions.id, versionId), eq(bundleVersions.bundleId, bundleId)))
      .limit(1);
    if (!row) throw notFound('Bundle version not found.', ['version']);
    return row;
  }

  /** Marks the bundle changed (with the request flow values given), so the catalogue's change-date order sees it. */
  const touch = (tx: Executor, bundleId: string, values: Partial<RequestFlowInput> = {}) =>
    tx
      .update(softwareBundles)
      .set({ updatedAt: clock.now(), ...values })
      .where(eq(softwareBundles.id, bundleId));

  const requestFlows = requestFlowStore(db, {
    entity: 'software_bundle',
    find: findBundle,
    save: async (tx, row, flow) => (await touch(tx, row.id, flow).returning(bundleColumns))[0]!,
  });

  return {
    table: softwareBundles,
    columns: listColumns,
    /** The records of a list page. */
    records: (rows: BundleSummaryRow[]) => bundleRecords(db, rows),
    detail: async (uuid: string) => bundleDetail(db, await findBundle(uuid), true),
    ...requestFlows,

    create: (actor: Actor, input: SoftwareBundleInput): Promise<SoftwareBundleDetail> =>
      refusing(
        db.transaction(async (tx) => {
          await checkInput(tx, input, null);
          const now = clock.now();
          const [row] = await tx
            .insert(softwareBundles)
            .values({ ...values(input), uuid: input.uuid.trim(), createdAt: now, updatedAt: now })
            .returning(bundleColumns);
          const after = await bundleDetail(tx, row!, true);
          await audit(tx, actor, { action: 'create', entity: 'software_bundle', entityId: row!.id, after });
          return after;
        }),
        { duplicate: duplicateBundle, unknownReference: unknownQuestionnaire },
      ),

    update: (actor: Actor, uuid: string, input: SoftwareBundleInput): Promise<SoftwareBundleDetail> =>
      refusing(
        db.transaction(async (tx) => {
          const bundle = await findBundle(uuid, tx);
          if (input.uuid.trim() !== bundle.uuid)
            throw badRequest('The uuid of a bundle cannot change.', ['uuid']);
          await checkInput(tx, input, bundle.requestUrl);
          const before = await bundleDetail(tx, bundle, true);
          const [row] = await tx
            .update(softwareBundles)
            .set({ ...values(input), updatedAt: clock.now() })
            .where(eq(softwareBundles.id, bundle.id))
            .returning(bundleColumns);
          const after = await bundleDetail(tx, row!, true);
          await audit(tx, actor, {
            action: 'update',
            entity: 'software_bundle',
            entityId: bundle.id,
            before,
            after,
          });
          return after;
        }),
        { unknownReference: unknownQuestionnaire },
      ),

    /** Deletes a bundle with its versions; answers the deleted record. */
    remove: (actor: Actor, uuid: string): Promise<SoftwareBundleDetail> =>
      db.transaction(async (tx) => {
        const bundle = await findBundle(uuid, tx);
        const before = await bundleDetail(tx, bundle, true);
        await tx.delete(softwareBundles).where(eq(softwareBundles.id, bundle.id));
        await audit(tx, actor, { action: 'delete', entity: 'software_bundle', entityId: bundle.id, before });
        return before;
      }),

    /** Every version of a bundle, oldest first. */
    async versions(uuid: string): Promise<BundleVersion[]> {
      const bundle = await findBundle(uuid);
      const rows = await db
        .select()
        .from(bundleVersions)
        .where(eq(bundleVersions.bundleId, bundle.id))
        .orderBy(asc(bundleVersions.createdAt), asc(bundleVersions.id));
      return rows.map(toBundleVersion);
    },

    createVersion: (actor: Actor, uuid: string, input: BundleVersionInput): Promise<BundleVersion> =>
      refusing(
        db.transaction(async (tx) => {
          const bundle = await findBundle(uuid, tx);
          await checkVersionInput(tx, bundle, input);
          const [row] = await tx
            .insert(bundleVersions)
            .values({ ...input, bundleId: bundle.id, createdAt: clock.now() })
            .returning();
          await touch(tx, bundle.id);
          const after = toBundleVersion(row!);
          await audit(tx, actor, {
            action: 'create',
            entity: 'bundle_version',
            entityId: row!.id,
            parent: { entity: 'software_bundle', id: bundle.id },
            after,
          });
          return after;
        }),
        { duplicate: duplicateVersion },
      ),

    updateVersion: (actor: Actor, uuid: string, versionId: string, input: BundleVersionInput) =>
      refusing(
        db.transaction(async (tx) => {
          const bundle = await findBundle(uuid, tx);
          const row = await findBundleVersion(bundle.id, versionId, tx);
          await checkVersionInput(tx, bundle, input);
          const [updated] = await tx
            .update(bundleVersions)
            .set(input)
            .where(eq(bundleVersions.id, row.id))
            .returning();
          await touch(tx, bundle.id);
          const after = toBundleVersion(updated!);
          const before = toBundleVersion(row);
          await audit(tx, actor, {
            action: 'update',
            entity: 'bundle_version',
            entityId: row.id,
            parent: { entity: 'software_bundle', id: bundle.id },
            before,
            after,
          });
          return after;
        }),
        { duplicate: duplicateVersion },
      ),

    /** Deletes a bundle version; answers it. */
    removeVersion: (actor: Actor, uuid: string, versionId: string) =>
      db.transaction(async (tx) => {
        const bundle = await findBundle(uuid, tx);
        const row = await findBundleVersion(bundle.id, versionId, tx);
        await tx.delete(bundleVersions).where(eq(bundleVersions.id, row.id));
        const before = toBundleVersion(row);
        await audit(tx, actor, {
          action: 'delete',
          entity: 'bundle_version',
          entityId: row.id,
          parent: { entity: 'software_bundle', id: bundle.id },
          before,
        });
        return before;
      }),
  };
}

export type BundlesRepository = ReturnType<typeof bundlesRepository>;

export default repositoryModule('bundles', (_options, app) => bundlesRepository(app.catalogue), [
  'catalogue',
]);
