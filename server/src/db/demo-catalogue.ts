import type { Database } from './client.js';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Demo software, tools, bundles, documents and questionnaires (filled in with the catalogue). */
export async function seedDemoCatalogue(_tx: Transaction): Promise<void> {}
