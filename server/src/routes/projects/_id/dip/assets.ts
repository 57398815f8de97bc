import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  dipAssetLocked,
  dipAssetSchema,
  dipUploadQuerySchema,
  ERROR_MESSAGES,
  mayDeleteDipAsset,
  MAX_UPLOAD_FILE_SIZE_BYTES,
  sizeLimitText,
} from '@portal/resources';
import { access } from '../../../../auth/access.js';
import { audit } from '../../../../crud/audit.js';
import { isUniqueViolation } from '../../../../transport/database-errors.js';
import { ApiError, forbidden, notFound } from '../../../../transport/errors.js';
import { notifyProjectMembers, projectMail } from '../../../../mail/notify.js';
import { assetStorageKey, type DipAssetRow } from '../../../../modules/dip/assets.js';
import { completionTypeOf, dipTags as tags, type DipStepRow } from '../../../../modules/dip/records.js';
import { requireOpenStep } from '../../../../modules/dip/rules.js';
import type { ConfigFacts } from '../../../../modules/dip/secure-config-file.js';
import { assetKindOf, inspectionOf } from '../../../../modules/dip/upload.js';
import { checkUploadName } from '../../../../uploads/file-rules.js';
import type { ScanResult } from '../../../../uploads/scanner.js';
import {
  acceptStreamedUploads,
  MAX_UPLOAD_BYTES,
  receiveUpload,
  type ReceivedUpload,
} from '../../../../uploads/stream-upload.js';
import { assertNotCancelled, type ReachedProject } from '../../../../modules/projects/access.js';
import type { ProjectCaller } from '../../../../modules/projects/caller.js';
import type { Executor } from '../../../../crud/repository.js';
import type { ModuleOptions } from '../../../../crud/module.js';
import { errorResponses } from '../../../../crud/openapi.js';
import { projectParams, security } from '../../../../modules/projects/route-schemas.js';

const stepParams = projectParams.extend({ stepId: z.uuid() });
const assetParams = projectParams.extend({ assetId: z.uuid() });

/** A header-safe `Content-Disposition` for a stored name (letters, digits, `.-_()` by the upload rules). */
const attachment = (name: string) =>
  `attachment; filename="${name.replace(/["\\\r\n]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

/** A file that streamed to storage and was scanned, not yet recorded. */
interface ReceivedAsset {
  id: string;
  key: string;
  name: string;
  upload: ReceivedUpload;
  scanStatus: ScanResult;
  facts: ConfigFacts | null;
}

/**
 * Files of a project's design-in steps (spec §3 asset, §5 uploads, calls §8.3): streamed upload to the active
 * step, list, download (anyone who may see the project, only this project's files), delete (uploader, owner,
 * substitute or admin, as the board's delete policy allows).
 */
const dipAssetRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, options) => {
  const {
    assetRecords,
    deleteAsset,
    findAsset,
    insertAsset,
    loadDipState,
    projectAssets,
    secureSettings,
    uploadTarget,
  } = app.dip;
  const { db, config } = options;
  const { files, scanner, mail } = app;
  const { projects } = app;
  acceptStreamedUploads(app);

  /** Records a received file, with the project locked: the step may have been submitted while the file streamed. */
  async function recordUpload(
    tx: Executor,
    request: FastifyRequest,
    who: ProjectCaller,
    found: ReachedProject,
    step: DipStepRow,
    file: ReceivedAsset,
  ): Promise<DipAssetRow> {
    const locked = await projects.reach(tx, who, found.project.id, 'view', { lock: true });
    assertNotCancelled(locked);
    requireOpenStep(await loadDipState(tx, locked.project, locked.board), step.id);
    const { id, key, name, upload, scanStatus, facts } = file;
    const row = await insertAsset(tx, {
      id,
      projectId: found.project.id,
      stepId: step.id,
      filename: name,
      storageKey: key,
      size: upload.size,
      sha256: upload.sha256,
      kind: assetKindOf(completionTypeOf(step)),
      uploadedBy: who.user.id,
      uploaderEmail: who.user.email,
      scanStatus,
      metadata: facts?.metadata ?? null,
      referencedFiles: facts?.referencedFiles ?? null,
      customerComplete: facts?.customerComplete ?? null,
    });
    const { size, sha256 } = upload;
    await audit(tx, request, {
      action: 'dip_asset_upload',
      entity: 'project',
      entityId: found.project.id,
      after: { assetId: id, filename: name, stepId: step.id, size, sha256, scanStatus },
    });
    await notifyProjectMembers(tx, mail, {
      projectId: found.project.id,
      type: 'asset-upload',
      ...projectMail(config.publicUrl, found.project, `a file was uploaded to step "${step.title}"`, [
        `File: ${name}`,
        `Uploaded by: ${who.user.email}`,
        ...(scanStatus === 'infected'
          ? ['The virus scanner found malware in it; it cannot be downloaded.']
          : []),
      ]),
      excludeUserId: who.user.id,
    });
    return row;
  }

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
    async (request, reply) => {
      const { name } = request.query;
      const who = await projects.caller(request);
      const found = await projects.reach(db, who, request.params.id, 'view');
      assertNotCancelled(found);
      const target = await uploadTarget(db, who, found, request.params.stepId, name);
      const assetId = randomUUID();
      const key = assetStorageKey(found.project.id, assetId);
      const facts: { value: ConfigFacts | null } = { value: null };
      const upload = await receiveUpload(request, files, key, {
        maxBytes: MAX_UPLOAD_BYTES,
        name,
        ...inspectionOf(target, name, facts),
      });
      const scanStatus = await scanner.scan(key);
      const received: ReceivedAsset = { id: assetId, key, name, upload, scanStatus, facts: facts.value };
      let row: DipAssetRow;
      try {
        row = await db.transaction((tx) => recordUpload(tx, request, who, found, target.step, received));
      } catch (error) {
        await files.delete(key);
        if (isUniqueViolation(error)) checkUploadName(name, [name]);
        throw error;
      }
      mail.wake();
      const [record] = await assetRecords(db, [row], target.state);
      return reply.code(201).send(record!);
    },
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
    async (request) => {
      const who = await projects.caller(request);
      const found = await projects.reach(db, who, request.params.id, 'view');
      const rows = await projectAssets(db, found.project.id, request.query.stepId);
      return assetRecords(db, rows, await loadDipState(db, found.project, found.board));
    },
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
      const who = await projects.caller(request);
      const found = await projects.reach(db, who, request.params.id, 'view');
      const asset = await findAsset(db, found.project.id, request.params.assetId);
      if (asset.scanStatus === 'infected') {
        throw ApiError.of(409, 'malware_detected', 'This file contains malware and cannot be downloaded.', [
          asset.filename,
        ]);
      }
      const stored = await files.get(asset.storageKey);
      if (!stored) throw notFound('The file is missing from storage.', [asset.filename]);
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
    async (request) => {
      const answer = await db.transaction(async (tx) => {
        const who = await projects.caller(request, tx);
        const found = await projects.reach(tx, who, request.params.id, 'view', { lock: true });
        assertNotCancelled(found);
        const asset = await findAsset(tx, found.project.id, request.params.assetId);
        const isUploader = asset.uploadedBy === who.user.id;
        if (!mayDeleteDipAsset(found.roles, { isAdmin: who.isAdmin, isUploader })) {
          throw forbidden(
            'Only the uploader, the project owner or substitute, or an admin may delete this file.',
          );
        }
        const state = await loadDipState(tx, found.project, found.board);
        const settings = await secureSettings(tx, found.board.id);
        if (dipAssetLocked(settings.deletePolicy, !!state.results.get(asset.stepId)?.resolvedAt)) {
          throw ApiError.of(409, 'dip_asset_locked', ERROR_MESSAGES.dip_asset_locked, [asset.filename]);
        }
        await deleteAsset(tx, asset.id);
        const [record] = await assetRecords(tx, [asset], state);
        await audit(tx, request, {
          action: 'dip_asset_delete',
          entity: 'project',
          entityId: found.project.id,
          before: record,
        });
        return { record: record!, key: asset.storageKey };
      });
      await files
        .delete(answer.key)
        .catch((error: unknown) =>
          request.log.warn({ err: error, key: answer.key }, 'could not delete a design-in file'),
        );
      return answer.record;
    },
  );
};

export default dipAssetRoutes;
