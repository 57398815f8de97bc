import type { Config } from '../config.js';
import { openFileStorage, removeStalePartials, type FileStorage } from './file-storage.js';
import { s3FileStorage } from './s3-storage.js';

export interface OpenedStorage {
  storage: FileStorage;
  kind: 'local' | 's3';
  /** The folder, or `s3://bucket`. */
  location: string;
  /** A temporary folder removed on close (an app without a data folder). */
  temporary: boolean;
}

/**
 * The file storage of the configuration: the S3-compatible bucket when S3_BUCKET is set, otherwise the local
 * folder of `openFileStorage` (FILES_DIR, DATA_DIR/files, or a temporary folder). A local folder is swept of the
 * temporary files of uploads a killed server left half-written.
 */
export async function openConfiguredStorage(
  config: Pick<Config, 's3' | 'filesDir' | 'dataDir'>,
  options: { temporary?: boolean } = {},
): Promise<OpenedStorage> {
  if (config.s3) {
    return {
      storage: s3FileStorage(config.s3),
      kind: 's3',
      location: `s3://${config.s3.bucket}`,
      temporary: false,
    };
  }
  const opened = await openFileStorage({
    filesDir: config.filesDir,
    dataDir: config.dataDir,
    temporary: options.temporary,
  });
  if (!opened.temporary) await removeStalePartials(opened.location);
  return { ...opened, kind: 'local' };
}
