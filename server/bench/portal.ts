/**
 * What every API benchmark does the same way: the portal built in this process on a fresh database, listening on a
 * loopback port, and bearer tokens of service accounts from its embedded provider.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { buildApp, type BuildOptions } from '../src/app.js';
import { loadConfig, type Config } from '../src/config.js';
import { openDatabase, type DatabaseHandle } from '../src/db/client.js';
import { DEMO_SERVICE_ACCOUNT } from '../src/db/demo-data.js';
import {
  createDatabaseIn,
  findPostgresBinaries,
  freePort,
  startPostgresCluster,
} from '../src/ops/postgres-cluster.js';
import { SCOPE_SHARES, scopedCustomer } from './fill.js';

export interface BenchPortal {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: Config;
  base: string;
  /** Starts listening (after the fill). */
  listen(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The portal on PGlite in memory, or on the PostgreSQL database `databaseUrl`, with the demo data, silent; `env`
 * adds settings (the built apps' folder for the server-rendered pages).
 */
export async function startBenchPortal(
  databaseUrl?: string,
  env: Record<string, string> = {},
  build: Pick<BuildOptions, 'pageRendersAtOnce'> = {},
): Promise<BenchPortal> {
  const database = await openDatabase({ databaseUrl, dataDir: null });
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: base,
    LOG_LEVEL: 'silent',
    DATA_DIR: '/nonexistent-bench-data',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...env,
  });
  const app = await buildApp(config, { database, inMemory: true, logger: false, ...build });
  return {
    app,
    database,
    config,
    base,
    listen: async () => {
      await app.listen({ host: '127.0.0.1', port });
    },
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/** A bearer token of a service account (client credentials at the embedded provider). */
export async function serviceToken(
  base: string,
  account: { clientId: string; secret: string } = DEMO_SERVICE_ACCOUNT,
): Promise<string> {
  const response = await fetch(`${base}/oidc/token`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: `Basic ${Buffer.from(`${account.clientId}:${account.secret}`).toString('base64')}`,
    },
    body: 'grant_type=client_credentials&scope=portal',
  });
  if (!response.ok) throw new Error(`no token for ${account.clientId}: ${response.status}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

/** A bench caller: a bearer token of its service account and the user id behind it. */
export interface BenchCaller {
  token: string;
  userId: string;
}

/**
 * The callers of the benches beside the minimal server: the admin (the demo service account) and the scoped
 * customer of each share of SCOPE_SHARES (`addScopedCustomers` made them).
 */
export async function benchCallers(
  db: DatabaseHandle['db'],
  base: string,
): Promise<{ admin: BenchCaller; customers: (BenchCaller & { share: number })[] }> {
  const callerOf = async (account: { clientId: string; secret: string }): Promise<BenchCaller> => {
    const { rows } = (await db.execute(
      sql`select user_id as id from service_accounts where client_id = ${account.clientId}`,
    )) as unknown as { rows: { id: string }[] };
    if (!rows[0]) throw new Error(`no service account ${account.clientId}`);
    return { token: await serviceToken(base, account), userId: rows[0].id };
  };
  const customers = [];
  for (const share of SCOPE_SHARES) customers.push({ share, ...(await callerOf(scopedCustomer(share))) });
  return { admin: await callerOf(DEMO_SERVICE_ACCOUNT), customers };
}

/**
 * Runs `each` once per database kind `--db` names: PGlite in memory, and PostgreSQL in a throwaway cluster this
 * starts (or in `clusterUrl`, a cluster `pnpm bench` started). `database(name)` creates a database for a PostgreSQL
 * run (named apart from other runs' in a shared cluster) and answers its URL; for PGlite it answers undefined.
 */
export async function onDatabases(
  options: { db: string; clusterUrl?: string },
  each: (
    kind: 'pglite' | 'postgres',
    database: (name: string) => Promise<string | undefined>,
  ) => Promise<void>,
): Promise<void> {
  const kinds =
    options.db === 'both' ? (['pglite', 'postgres'] as const) : ([options.db] as ('pglite' | 'postgres')[]);
  const { clusterUrl } = options;
  const binDir = kinds.includes('postgres') && !clusterUrl ? findPostgresBinaries() : null;
  if (kinds.includes('postgres') && !clusterUrl && !binDir)
    console.warn('No PostgreSQL server binaries (PG_BIN): PGlite only.');
  const cluster = binDir ? await startPostgresCluster(binDir) : null;
  try {
    for (const kind of kinds) {
      if (kind === 'postgres' && !cluster && !clusterUrl) continue;
      await each(kind, async (name) =>
        kind === 'pglite'
          ? undefined
          : createDatabaseIn(
              clusterUrl ?? cluster!.url,
              clusterUrl ? `${name}_${process.pid}_${Date.now()}` : name,
            ),
      );
    }
  } finally {
    await cluster?.stop();
  }
}

/** Prints a plain-text table, columns padded to their widest cell. */
export function printTable(header: string[], rows: string[][]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i]!)).join('  ');
  console.log(line(header));
  for (const row of rows) console.log(line(row));
}
