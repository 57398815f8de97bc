import { createRequire } from 'node:module';
import path from 'node:path';
import { repoRoot } from './processes.js';

interface PgClient {
  connect(): Promise<void>;
  query<T>(text: string, values?: unknown[]): Promise<{ rows: T[] }>;
  end(): Promise<void>;
}

// node-postgres is the server package's dependency; the scripts borrow it from there.
const requireFromServer = createRequire(path.join(repoRoot, 'server', 'package.json'));
const pg = requireFromServer('pg') as { Client: new (options: { connectionString: string }) => PgClient };

/** Runs `body` with one connection to the portal's database (read-only checks of the scripts). */
export async function withDatabase<T>(
  url: string,
  body: (query: PgClient['query']) => Promise<T>,
): Promise<T> {
  const connection = new pg.Client({ connectionString: url });
  await connection.connect();
  try {
    return await body(connection.query.bind(connection));
  } finally {
    await connection.end();
  }
}
