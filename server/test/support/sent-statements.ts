import { vi } from 'vitest';
import type { TestApp } from './app.js';

export type Sent = { text: string; params: unknown[]; name?: string };

/**
 * The text, parameters and statement name (node-postgres names prepared statements; PGlite takes none) of every
 * statement the app's driver is sent while `run` runs: what "prepared once, values as parameters" is checked on.
 * The app's background work counts too: a file using this starts its app without the mail worker, whose poll
 * would land in a window now and then.
 */
export async function sentStatements(t: TestApp, run: () => Promise<unknown>): Promise<Sent[]> {
  const client = (t.database.db as unknown as { $client: { query: (...args: unknown[]) => unknown } })
    .$client;
  const seen: Sent[] = [];
  const original = client.query.bind(client);
  const spy = vi.spyOn(client, 'query').mockImplementation((...args: unknown[]) => {
    const [first, second] = args as [string | { text: string; values?: unknown[]; name?: string }, unknown[]];
    if (typeof first === 'string') seen.push({ text: first, params: second ?? [] });
    else if (first && typeof first === 'object' && 'text' in first) {
      seen.push({ text: first.text, params: second ?? first.values ?? [], name: first.name });
    }
    return original(...args);
  });
  try {
    await run();
  } finally {
    spy.mockRestore();
  }
  return seen;
}
