import type { MailQueue } from '../../../mail/queue.js';
import type { FileStorage } from '../../../storage/file-storage.js';
import type { Scanner } from '../../../uploads/scanner.js';
import type { ProjectRouteOptions } from '../shared.js';

/** What the project-side design-in routes work with: the project services plus files, the scanner and mail. */
export interface DipRouteOptions extends ProjectRouteOptions {
  files: FileStorage;
  scanner: Scanner;
  mail: MailQueue;
}
