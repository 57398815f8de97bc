import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  ERROR_MESSAGES,
  type CatalogueDocument,
  type CatalogueItem,
  type CustomBundle,
  type CustomBundleInput,
  type ExportAccessRequest,
  type Questionnaire,
  type SoftwareBundleDetail,
  type ToolDetail,
} from '@portal/resources';
import { catalogueDocuments, softwareBundles, toolVersions } from '../../db/schema-catalogue.js';
import { exportAccessRequests } from '../../db/schema-commerce.js';
import { audit } from '../../crud/audit.js';
import { isUniqueViolation } from '../../transport/database-errors.js';
import { ApiError, notFound } from '../../transport/errors.js';
import { repositoryModule } from '../../crud/module.js';
import { listCatalogue, type catalogueQuerystring } from './catalogue-list.js';
import { composeCustomBundle, downloadableFile, visibleTool } from './catalogue-items.js';
import { apiUrl, callerOf } from './context.js';
import { exportAccessRecord } from './export-access.js';
import { findQuestionnaire } from './questionnaires.js';
import { bundleColumns, bundleDetail, documentColumns, toCatalogueDocument, toolDetail } from './records.js';

/** A file of a tool version, as its stable download address names it. */
export interface FileAddress {
  featureId: string;
  version: string;
  fileName: string;
}

/**
 * The public catalogue (spec §2.1) as the caller of each request may see it: browsing needs no sign-in, a token
 * shows more, and every read of a tool goes through `visibleTool` (removed tools, the internal-use rule).
 */
export interface PublicCatalogue {
  list(
    request: FastifyRequest,
    query: z.infer<typeof catalogueQuerystring>,
  ): Promise<{ items: CatalogueItem[]; offset: number; total: number; estimated: boolean }>;
  tool(request: FastifyRequest, featureId: string): Promise<ToolDetail>;
  releaseNotes(
    request: FastifyRequest,
    where: Omit<FileAddress, 'fileName'>,
  ): Promise<{ featureId: string; version: string; releaseNotes: string }>;
  /** The stored file behind a download address, once the caller may have it (`downloadableFile`). */
  file(
    request: FastifyRequest,
    where: FileAddress,
  ): Promise<{ storageKey: string; sha256: string; fileName: string }>;
  /** 409 `not_export_controlled` for a tool with nothing to request, 409 `duplicate` while one is open. */
  requestExportAccess(
    request: FastifyRequest,
    featureId: string,
    reason: string | null,
  ): Promise<ExportAccessRequest>;
  /** By the bundle's own UUID, or its catalogue key as an alias; unreleased ones for admins only. */
  bundle(request: FastifyRequest, address: string): Promise<SoftwareBundleDetail>;
  document(request: FastifyRequest, featureId: string): Promise<CatalogueDocument>;
  customBundle(request: FastifyRequest, input: CustomBundleInput): Promise<CustomBundle>;
  questionnaire(id: string): Promise<Questionnaire>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The public catalogue's reads and the requests made from it (`routes/catalogue/public.ts`). */
    publicCatalogue: PublicCatalogue;
  }
}

export default repositoryModule(
  'publicCatalogue',
  (_options, app): PublicCatalogue => {
    const ctx = app.catalogue;
    const { db, config, clock } = ctx;
    const api = apiUrl(config);
    return {
      list: (request, query) => listCatalogue(db, callerOf(request), query, request.headers.range),

      tool: async (request, featureId) => {
        const caller = callerOf(request);
        return toolDetail(db, api, await visibleTool(db, featureId, caller), caller, clock.now());
      },

      releaseNotes: async (request, where) => {
        const caller = callerOf(request);
        const tool = await visibleTool(db, where.featureId, caller);
        const [version] = await db
          .select({
            version: toolVersions.version,
            releaseNotes: toolVersions.releaseNotes,
            public: toolVersions.public,
          })
          .from(toolVersions)
          .where(and(eq(toolVersions.toolId, tool.id), eq(toolVersions.version, where.version)))
          .limit(1);
        if (!version || (!version.public && !caller.userId))
          throw notFound('Version not found.', ['version']);
        if (!version.releaseNotes) throw notFound('This version has no release notes.', ['releaseNotes']);
        return { featureId: tool.featureId, version: version.version, releaseNotes: version.releaseNotes };
      },

      file: (request, where) => downloadableFile(ctx, callerOf(request), where),

      requestExportAccess: async (request, featureId, reason) => {
        // Asked for oneself: an admin's rights do not reach a tool they could not use as a customer.
        const tool = await visibleTool(db, featureId, { ...callerOf(request), admin: false });
        const [controlled] = await db
          .select({ id: toolVersions.id })
          .from(toolVersions)
          .where(and(eq(toolVersions.toolId, tool.id), eq(toolVersions.exportControlled, true)))
          .limit(1);
        if (!controlled) {
          throw ApiError.of(409, 'not_export_controlled', ERROR_MESSAGES.not_export_controlled, [
            tool.featureId,
          ]);
        }
        try {
          return await db.transaction(async (tx) => {
            const [row] = await tx
              .insert(exportAccessRequests)
              .values({ userId: request.currentUser!.id, toolId: tool.id, reason, createdAt: clock.now() })
              .returning();
            const record = await exportAccessRecord(tx, row!);
            await audit(tx, request, {
              action: 'create',
              entity: 'export_access_request',
              entityId: row!.id,
              after: record,
            });
            return record;
          });
        } catch (error) {
          if (!isUniqueViolation(error)) throw error;
          throw ApiError.of(
            409,
            'duplicate',
            'You already have a pending or granted request for this tool.',
            [tool.featureId],
          );
        }
      },

      bundle: async (request, address) => {
        const admin = callerOf(request).admin;
        const byColumn = async (column: typeof softwareBundles.id | typeof softwareBundles.uuid) =>
          (await db.select(bundleColumns).from(softwareBundles).where(eq(column, address)).limit(1))[0];
        // The bundle's own UUID first (spec §2.1); its catalogue key is an alias (links in carts and orders).
        const row =
          (z.uuid().safeParse(address).success ? await byColumn(softwareBundles.id) : undefined) ??
          (await byColumn(softwareBundles.uuid));
        if (!row || (!row.released && !admin)) throw notFound('Software bundle not found.', ['uuid']);
        return bundleDetail(db, row, admin);
      },

      document: async (request, featureId) => {
        const caller = callerOf(request);
        const [row] = await db
          .select(documentColumns)
          .from(catalogueDocuments)
          .where(eq(catalogueDocuments.featureId, featureId))
          .limit(1);
        if (!row || (!row.public && !caller.userId && !caller.admin)) {
          throw notFound('Document not found.', ['featureId']);
        }
        return toCatalogueDocument(row);
      },

      customBundle: (request, input) => composeCustomBundle(ctx, callerOf(request), input),

      questionnaire: async (id) => {
        const questionnaire = await findQuestionnaire(db, id);
        if (!questionnaire) throw notFound('Questionnaire not found.', ['questionnaire']);
        return questionnaire;
      },
    };
  },
  ['catalogue'],
);
