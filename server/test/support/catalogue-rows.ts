import { eq } from 'drizzle-orm';
import type { Database } from '../../src/db/client.js';
import { catalogueDocuments, toolFiles } from '../../src/db/schema-catalogue.js';

/**
 * Changes behind the API's back for tests outside the server package (the CLI's), which cannot import drizzle:
 * where a catalogue document's file is hosted (the catalogue's documents come from the provider's import, no API
 * edits them), and the checksum the catalogue names for a file.
 */
export async function setDocumentUrl(db: Database, featureId: string, url: string): Promise<void> {
  await db.update(catalogueDocuments).set({ url }).where(eq(catalogueDocuments.featureId, featureId));
}

export async function setFileSha256(db: Database, fileName: string, sha256: string): Promise<void> {
  await db.update(toolFiles).set({ sha256 }).where(eq(toolFiles.fileName, fileName));
}
