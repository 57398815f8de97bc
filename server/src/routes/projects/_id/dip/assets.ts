import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  dipAssetSchema,
  dipUploadQuerySchema,
  MAX_UPLOAD_FILE_SIZE_BYTES,
  sizeLimitText,
} from '@portal/resources';
import { access } from '../../../../auth/access.js';
import { dipTags as tags } from '../../../../modules/dip/records.js';
import { acceptStreamedUploads } from '../../../../uploads/stream-upload.js';
import type { ModuleOptions } from '../../../../crud/module.js';
import { errorResponses } from '../../../../crud/openapi.js';
import { projectParams, security } from '../../../../modules/projects/route-schemas.js';

const stepParams = projectParams.extend({ stepId: z.uuid() });
const assetParams = projectParams.extend({ assetId: z.uuid() });

/** A header-safe `Content-Disposition` for a stored name (letters, digits, `.-_()` by the upload rules). */
const attachment = (name: string) =>
  `attachment; filename="${name.replace(/["\\\r\n]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

/**
 * Files of a project's design-in steps (spec §3 asset, §5 uploads, calls §8.3): streamed upload to the active
 * step, list, download (anyone who may see the project, only this project's files), delete (uploader, owner,
 * substitute or admin, as the board's delete policy allows).
 */
const dipAssetRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app) => {
  const { assets, openAsset, removeAsset, upload } = app.projectDip;
  acceptStreamedUploads(app);

  app.post(
    '/steps/:stepId/assets',
    {
      config: { access: access.signedIn() },
      schema: {
        tags,
        summary: `Upload a file to the active, not yet submitted step of a file completion type, by someone who may resolve it: the raw bytes as application/octet-stream, the file name in ?name=. Streams to storage. 413 file_too_big (over ${sizeLimitText(MAX_UPLOAD_FILE_SIZE_BYTES)}); 400 invalid_name, name_too_long, file_not_uploaded (empty), wrong_file_type (configuration not .xml, or a type the secure board does not accept), not_encrypted / unsupported_encoding (encrypted step: .asc, UTF-8, ASCII-armoured PGP), metadata_invalid / match_failed (the board's XML validation entries), file_not_referenced (an encrypted file no configuration names); 409 duplicate_name, dip_step_not_active, dip_step_already_resolved. A refused upload leaves nothing behind. Answers the asset with its malware scan result`,
        security,
        params: stepParams,
        querystring: dipUploadQuerySchema,
        response: { 201: dipAssetSchema, ...errorResponses(400, 401, 403, 404, 409, 413, 415) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await upload(request, request.params.id, request.params.stepId, request.query.name)),
  );

  app.get(
    '/assets',
    {
      config: { access: access.signedIn() },
      schema: {
        tags,
        summary:
          "The files of the project's design-in steps (anyone who may see the project), oldest first: file name, uploader, step, time, malware flag, size; ?stepId= for one step",
        security,
        params: projectParams,
        querystring: z.object({ stepId: z.uuid().optional() }),
        response: { 200: z.array(dipAssetSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => assets(request, request.params.id, request.query.stepId),
  );

  app.get(
    '/assets/:assetId/content',
    {
      config: { access: access.signedIn() },
      schema: {
        tags,
        summary:
          "Download a file of the project's design-in steps (anyone who may see the project; a file of another project is 404). 409 malware_detected when the scanner found malware",
        security,
        params: assetParams,
        produces: ['application/octet-stream', 'application/xml'],
        response: { 200: z.any().describe('The file'), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const { asset, stored } = await openAsset(request, request.params.id, request.params.assetId);
      return reply
        .header('Content-Type', asset.kind === 'config' ? 'application/xml' : 'application/octet-stream')
        .header('Content-Length', String(stored.size))
        .header('Content-Disposition', attachment(asset.filename))
        .header('ETag', `"${asset.sha256}"`)
        .header('Repr-Digest', `sha-256=:${Buffer.from(asset.sha256, 'hex').toString('base64')}:`)
        .send(stored.stream);
    },
  );

  app.delete(
    '/assets/:assetId',
    {
      config: { access: access.signedIn() },
      schema: {
        tags,
        summary:
          "Delete a file (its uploader, the owner, the substitute or an admin) as the board's delete policy allows: before_resolve only while its step is not submitted (409 dip_asset_locked), always at any time. Answers the deleted asset",
        security,
        params: assetParams,
        response: { 200: dipAssetSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => removeAsset(request, request.params.id, request.params.assetId),
  );
};

export default dipAssetRoutes;
