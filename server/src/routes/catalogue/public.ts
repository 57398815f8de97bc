import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bundleKeySchema,
  catalogueDocumentSchema,
  catalogueItemSchema,
  customBundleInputSchema,
  customBundleSchema,
  exportAccessRequestInputSchema,
  exportAccessRequestSchema,
  featureIdSchema,
  formatContentRange,
  questionnaireSchema,
  softwareBundleDetailSchema,
  toolDetailSchema,
  versionLabelSchema,
  uploadFileNameSchema,
} from '@portal/resources';
import { access } from '../../auth/access.js';
import { sendStoredFile } from '../../transport/byte-range.js';
import { notFound } from '../../transport/errors.js';
import { ESTIMATED_TOTAL_HEADER } from '../../crud/list-total.js';
import { catalogueQuerystring } from '../../modules/catalogue/catalogue-list.js';
import { errorResponses } from '../../crud/openapi.js';
import { rangeHeaders, bearerSecurity } from '../../crud/openapi.js';

const tags = ['catalogue'];
const optionalBearer: { [label: string]: string[] }[] = [{}, ...bearerSecurity];
const featureParams = z.object({ featureId: featureIdSchema });
const versionParams = featureParams.extend({ version: versionLabelSchema });
const fileParams = versionParams.extend({ fileName: uploadFileNameSchema });

/** The public catalogue (spec §2.1): browsing needs no sign-in; a token, when sent, shows more. */
const publicCatalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  const catalogue = app.publicCatalogue;
  const { storage } = app.catalogue;
  // Anonymous answers are public and conditional (ETag from the catalogue version, 304 without the queries).
  const cached = app.publicCatalogueCache;

  app.get(
    '',
    {
      ...cached,
      config: { access: access.public() },
      schema: {
        tags,
        summary:
          'The catalogue: tools of every item type, released software bundles and documents, filtered by `categories` and full-text `q` (prefix match on every word), sorted by name or updatedAt, paged with Range',
        description:
          'Filters arrive as simple-rest `filter={"categories":["software"],"q":"flash"}` or as the customer route\'s own `categories=software,tool&q=flash`. A signed-in caller also sees versions and documents that are not public.',
        security: optionalBearer,
        querystring: catalogueQuerystring,
        headers: rangeHeaders,
        response: { 200: z.array(catalogueItemSchema), ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      const { items, offset, total, estimated } = await catalogue.list(request, request.query);
      if (estimated) reply.header(ESTIMATED_TOTAL_HEADER, 'true');
      reply.header(
        'Content-Range',
        formatContentRange({ resource: 'catalogue', offset, limit: items.length, total }),
      );
      return items;
    },
  );

  app.get(
    '/tools/:featureId',
    {
      ...cached,
      config: { access: access.public() },
      schema: {
        tags,
        summary:
          'Tool details: versions keyed by label with downloads (stable address, SHA-256), dependencies, links, release notes, tags, license text, export control classifications, price; `canDownload` and `downloadRefusal` answer for the caller',
        security: optionalBearer,
        params: featureParams,
        response: { 200: toolDetailSchema, ...errorResponses(404) },
      },
    },
    async (request) => catalogue.tool(request, request.params.featureId),
  );

  app.get(
    '/tools/:featureId/versions/:version/release-notes',
    {
      ...cached,
      config: { access: access.public() },
      schema: {
        tags,
        summary: 'Release notes of one version (404 when the version has none)',
        security: optionalBearer,
        params: versionParams,
        response: {
          200: z.object({ featureId: z.string(), version: z.string(), releaseNotes: z.string() }),
          ...errorResponses(404),
        },
      },
    },
    async (request) => catalogue.releaseNotes(request, request.params),
  );

  app.get(
    '/tools/:featureId/versions/:version/files/:fileName',
    {
      // Installers and archives are compressed already; sent as they are, they keep their length for progress.
      compress: false,
      config: { access: access.public() },
      schema: {
        tags,
        summary:
          'Download a file of a version (its stable address). Served only where canDownload holds for the caller: 401 sign-in, 403 `purchase_required`, `export_controlled` (request access) or `download_disabled`',
        description:
          'The answer carries the SHA-256 of the bytes as `Repr-Digest: sha-256=:<base64>:` and as the ETag (hex). One `Range: bytes=N-` (with an optional `If-Range` ETag) answers 206 with those bytes, so a dropped download continues.',
        security: optionalBearer,
        params: fileParams,
        produces: ['application/octet-stream'],
        response: {
          200: z.any().describe('The file'),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const file = await catalogue.file(request, request.params);
      const stored = await storage.get(file.storageKey);
      if (!stored) {
        request.log.error({ storageKey: file.storageKey }, 'catalogue file missing from the file storage');
        throw notFound('The file is not available right now.', ['fileName']);
      }
      const etag = `"${file.sha256}"`;
      reply
        .header('Content-Type', 'application/octet-stream')
        .header(
          'Content-Disposition',
          `attachment; filename="${file.fileName}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
        )
        .header('ETag', etag)
        .header('Repr-Digest', `sha-256=:${Buffer.from(file.sha256, 'hex').toString('base64')}:`);
      return sendStoredFile(request, reply, storage, file.storageKey, stored, etag);
    },
  );

  app.post(
    '/tools/:featureId/export-access-requests',
    {
      config: { access: access.signedIn() },
      schema: {
        tags,
        summary:
          'Request access to the export-controlled downloads of a tool; an admin grants or refuses it (409 `duplicate` while one is pending or granted, 409 `not_export_controlled`)',
        security: bearerSecurity,
        params: featureParams,
        body: exportAccessRequestInputSchema,
        response: { 201: exportAccessRequestSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await catalogue.requestExportAccess(request, request.params.featureId, request.body.reason)),
  );

  app.get(
    '/bundles/:uuid',
    {
      ...cached,
      config: { access: access.public() },
      schema: {
        tags,
        summary:
          'A software bundle by its UUID (`id`) or its catalogue key (`uuid`), with its features and released versions (unreleased bundles: admins only)',
        security: optionalBearer,
        // The bundle's own UUID fits its catalogue key's bound.
        params: z.object({ uuid: bundleKeySchema }),
        response: { 200: softwareBundleDetailSchema, ...errorResponses(404) },
      },
    },
    async (request) => catalogue.bundle(request, request.params.uuid),
  );

  app.get(
    '/documents/:featureId',
    {
      ...cached,
      config: { access: access.public() },
      schema: {
        tags,
        summary: 'A document of the catalogue (non-public ones need sign-in)',
        security: optionalBearer,
        params: featureParams,
        response: { 200: catalogueDocumentSchema, ...errorResponses(404) },
      },
    },
    async (request) => catalogue.document(request, request.params.featureId),
  );

  app.post(
    '/custom-bundles',
    {
      config: { access: access.public() },
      schema: {
        tags,
        summary:
          'Put a custom bundle together from tools: answers the bundle as the cart keeps it, with the questionnaire each tool asks (nothing is stored)',
        security: optionalBearer,
        body: customBundleInputSchema,
        response: { 200: customBundleSchema, ...errorResponses(400, 409) },
      },
    },
    async (request) => catalogue.customBundle(request, request.body),
  );

  app.get(
    '/questionnaires/:id',
    {
      config: { access: access.signedIn() },
      schema: {
        tags,
        summary:
          'A questionnaire a cart item asks (spec §2.2 /cart/questionnaire), to fill in before checkout',
        security: bearerSecurity,
        params: z.object({ id: z.uuid() }),
        response: { 200: questionnaireSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => catalogue.questionnaire(request.params.id),
  );
};

export default publicCatalogueRoutes;
