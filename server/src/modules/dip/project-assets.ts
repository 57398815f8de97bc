import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { dipAssetLocked, ERROR_MESSAGES, mayDeleteDipAsset, type DipAsset } from '@portal/resources';
import { audit } from '../../crud/audit.js';
import type { Executor } from '../../crud/repository.js';
import { isUniqueViolation } from '../../transport/database-errors.js';
import { ApiError, forbidden, notFound } from '../../transport/errors.js';
import { notifyProjectMembers, projectMail } from '../../mail/notify.js';
import { checkUploadName } from '../../uploads/file-rules.js';
import type { ScanResult } from '../../uploads/scanner.js';
import { MAX_UPLOAD_BYTES, receiveUpload, type ReceivedUpload } from '../../uploads/stream-upload.js';
import { assertNotCancelled, type ReachedProject } from '../projects/access.js';
import type { ProjectCaller } from '../projects/caller.js';
import {
  assetStorageKey,
  deleteAsset,
  findAsset,
  insertAsset,
  projectAssets,
  type DipAssetRow,
} from './assets.js';
import { loadDipState } from './process.js';
import { completionTypeOf, secureSettings, type DipStepRow } from './records.js';
import { requireOpenStep } from './rules.js';
import type { ConfigFacts } from './secure-config-file.js';
import { assetKindOf, inspectionOf, uploadTarget } from './upload.js';
import { assetRecords } from './view.js';
import type { ProjectDipContext } from './project-process.js';

/** A file that streamed to storage and was scanned, not yet recorded. */
interface ReceivedAsset {
  id: string;
  key: string;
  name: string;
  upload: ReceivedUpload;
  scanStatus: ScanResult;
  facts: ConfigFacts | null;
}

/** Records a received file, with the project locked: the step may have been submitted while the file streamed. */
async function recordUpload(
  { app, publicUrl }: ProjectDipContext,
  tx: Executor,
  request: FastifyRequest,
  who: ProjectCaller,
  found: ReachedProject,
  step: DipStepRow,
  file: ReceivedAsset,
): Promise<DipAssetRow> {
  const locked = await app.projects.reach(tx, who, found.project.id, 'view', { lock: true });
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
  await notifyProjectMembers(tx, app.mail, {
    projectId: found.project.id,
    type: 'asset-upload',
    ...projectMail(publicUrl, found.project, `a file was uploaded to step "${step.title}"`, [
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

/** The files of a project's design-in steps (spec §3 asset, §5 uploads, calls §8.3). */
export const projectAssetFiles = (context: ProjectDipContext) => {
  const { db, app } = context;
  const { projects, files } = app;
  return {
    /**
     * A file streamed to storage, scanned and recorded on the active step, with the project's members told; a
     * refused upload leaves nothing behind. Answers the asset.
     */
    upload: async (
      request: FastifyRequest,
      projectId: string,
      stepId: string,
      name: string,
    ): Promise<DipAsset> => {
      const who = await projects.caller(request);
      const found = await projects.reach(db, who, projectId, 'view');
      assertNotCancelled(found);
      const target = await uploadTarget(db, who, found, stepId, name);
      const assetId = randomUUID();
      const key = assetStorageKey(found.project.id, assetId);
      const facts: { value: ConfigFacts | null } = { value: null };
      const upload = await receiveUpload(request, files, key, {
        maxBytes: MAX_UPLOAD_BYTES,
        name,
        ...inspectionOf(target, name, facts),
      });
      const scanStatus = await app.scanner.scan(key);
      const received: ReceivedAsset = { id: assetId, key, name, upload, scanStatus, facts: facts.value };
      let row: DipAssetRow;
      try {
        row = await db.transaction((tx) =>
          recordUpload(context, tx, request, who, found, target.step, received),
        );
      } catch (error) {
        await files.delete(key);
        if (isUniqueViolation(error)) checkUploadName(name, [name]);
        throw error;
      }
      app.mail.wake();
      const [record] = await assetRecords(db, [row], target.state);
      return record!;
    },

    /** The project's files (anyone who may see it), oldest first; one step's with `stepId`. */
    assets: async (request: FastifyRequest, projectId: string, stepId?: string): Promise<DipAsset[]> => {
      const who = await projects.caller(request);
      const found = await projects.reach(db, who, projectId, 'view');
      const rows = await projectAssets(db, found.project.id, stepId);
      return assetRecords(db, rows, await loadDipState(db, found.project, found.board));
    },

    /** A file of this project to download with its stored bytes: 409 malware_detected, 404 when storage lost it. */
    openAsset: async (request: FastifyRequest, projectId: string, assetId: string) => {
      const who = await projects.caller(request);
      const found = await projects.reach(db, who, projectId, 'view');
      const asset = await findAsset(db, found.project.id, assetId);
      if (asset.scanStatus === 'infected') {
        throw ApiError.of(409, 'malware_detected', 'This file contains malware and cannot be downloaded.', [
          asset.filename,
        ]);
      }
      const stored = await files.get(asset.storageKey);
      if (!stored) throw notFound('The file is missing from storage.', [asset.filename]);
      return { asset, stored };
    },

    /** Deletes a file as the roles and the board's delete policy allow; its bytes go after the commit. */
    removeAsset: async (request: FastifyRequest, projectId: string, assetId: string): Promise<DipAsset> => {
      const answer = await db.transaction(async (tx) => {
        const who = await projects.caller(request, tx);
        const found = await projects.reach(tx, who, projectId, 'view', { lock: true });
        assertNotCancelled(found);
        const asset = await findAsset(tx, found.project.id, assetId);
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
  };
};
