import type { DipCompletionType } from '@portal/resources';
import { ApiError, badRequest } from '../../transport/errors.js';
import { checkDipUploadName } from '../../uploads/file-rules.js';
import type { ReceiveUploadOptions } from '../../uploads/stream-upload.js';
import type { ReachedProject } from '../projects/access.js';
import type { ProjectCaller } from '../projects/caller.js';
import type { Executor } from '../../crud/repository.js';
import { referencedFiles, stepAssets, type DipAssetRow } from './assets.js';
import { loadDipState, type DipState } from './process.js';
import {
  completionTypeOf,
  secureSettings,
  xmlEntryRows,
  type DipStepRow,
  type XmlEntryRow,
} from './records.js';
import { assertMay, mayResolve, requireOpenStep, takesFiles } from './rules.js';
import { checkConfigFile, type ConfigFacts } from './secure-config-file.js';

/** Where an upload goes, once every check that needs no bytes passed. */
export interface UploadTarget {
  state: DipState;
  step: DipStepRow;
  type: DipCompletionType | null;
  /** The board's XML validation entries (configuration steps only). */
  entries: XmlEntryRow[];
}

/** The encrypted file must be one the project's configurations name (when they name any). */
async function checkReferenced(db: Executor, found: ReachedProject, target: UploadTarget, name: string) {
  const referenced = await referencedFiles(db, found.project.id, target.state, target.step);
  if (referenced && !referenced.some((file) => file.toLowerCase() === name.toLowerCase())) {
    throw ApiError.of(400, 'file_not_referenced', 'This file is not referenced in the configuration file.', [
      name,
    ]);
  }
}

/**
 * The checks before a file streams (spec §5 uploads, calls §8.3): the step is the active, open one and takes files,
 * the caller may resolve it, and the name suits the step, the board and the files already there.
 */
export async function uploadTarget(
  db: Executor,
  who: ProjectCaller,
  found: ReachedProject,
  stepId: string,
  name: string,
): Promise<UploadTarget> {
  const state = await loadDipState(db, found.project, found.board);
  const { step } = requireOpenStep(state, stepId);
  if (!takesFiles(step)) throw badRequest('This step takes no files.', ['step']);
  assertMay(
    mayResolve({ caller: who, roles: found.roles, cancelled: false }, step),
    'You may not upload files to this step.',
  );
  const type = completionTypeOf(step);
  const existing = await stepAssets(db, found.project.id, step.id);
  checkDipUploadName(name, {
    completionType: type,
    existingNames: existing.map((row) => row.filename),
    acceptedFileTypes: found.board.secure
      ? (await secureSettings(db, found.board.id)).acceptedFileTypes
      : null,
  });
  const target: UploadTarget = { state, step, type, entries: [] };
  if (type === 'file-upload-encrypted') await checkReferenced(db, found, target, name);
  if (type === 'file-upload-xml-validation') target.entries = await xmlEntryRows(db, found.board.id);
  return target;
}

/** How the bytes of an upload to this step are inspected while they stream; `facts` gets what a configuration says. */
export function inspectionOf(
  target: UploadTarget,
  name: string,
  facts: { value: ConfigFacts | null },
): Pick<ReceiveUploadOptions, 'inspect' | 'check'> {
  if (target.type === 'file-upload-xml-validation') {
    return {
      inspect: 'xml',
      check: (received) => {
        facts.value = checkConfigFile(received.xml!, target.entries, name);
      },
    };
  }
  return target.type === 'file-upload-encrypted' ? { inspect: 'encrypted' } : {};
}

/** The kind an asset is stored as, by its step's completion type. */
export const assetKindOf = (type: DipCompletionType | null): DipAssetRow['kind'] =>
  type === 'file-upload-xml-validation' ? 'config' : type === 'file-upload-encrypted' ? 'encrypted' : 'file';
