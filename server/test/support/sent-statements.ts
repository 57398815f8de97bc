import { AsyncLocalStorage } from 'node:async_hooks';
import { vi } from 'vitest';
import type { TestApp } from './app.js';

export type Sent = { text: string; params: unknown[]; name?: string };

/** The statements of the run in progress, seen only from its own async context. */
const runInProgress = new AsyncLocalStorage<Sent[]>();

/**
 * The text, parameters and statement name (node-postgres names prepared statements; PGlite takes none) of every
 * statement the app's driver is sent on behalf of `run`: what "prepared once, values as parameters" is checked on.
 * The app's background work (the mail worker's polls) runs in contexts of its own, so its statements never count.
 */
export async function sentStatements(t: TestApp, run: () => Promise<unknown>): Promise<Sent[]> {
  const client = (t.database.db as unknown as { $client: { query: (...args: unknown[]) => unknown } })
    .$client;
  const seen: Sent[] = [];
  const original = client.query.bind(client);
  const spy = vi.spyOn(client, 'query').mockImplementation((...args: unknown[]) => {
    const into = runInProgress.getStore();
    const [first, second] = args as [string | { text: string; values?: unknown[]; name?: string }, unknown[]];
    if (!into) return original(...args);
    if (typeof first === 'string') into.push({ text: first, params: second ?? [] });
    else if (first && typeof first === 'object' && 'text' in first) {
      into.push({ text: first.text, params: second ?? first.values ?? [], name: first.name });
    }
    return original(...args);
  });
  try {
    await runInProgress.run(seen, run);
  } finally {
    spy.mockRestore();
  }
  return seen;
}
