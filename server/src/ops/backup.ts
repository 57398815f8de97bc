import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { once } from 'node:events';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  BackupError,
  ident,
  lastMigration,
  primaryKeyOf,
  rowsOf,
  tablesOf,
  type BackupManifest,
  type Executor,
  type TableInfo,
} from './backup-tables.js';

/**
 * Backup and restore of the whole portal through the app's own connection, so no pg_dump is needed and backups
 * cross between PGlite and PostgreSQL (docs/operations.md, "Backups").
 */

export { BackupError, type BackupManifest } from './backup-tables.js';

const BATCH = 1000;

/** Tables whose rows only the portal's use makes: a database with none of them counts as empty. */
const PORTAL_DATA_TABLES = ['users', 'identity_accounts', 'boards', 'projects', 'tools', 'company_spaces'];

async function copyTree(from: string, to: string): Promise<{ count: number; bytes: number }> {
  let count = 0;
  let bytes = 0;
  let entries;
  try {
    entries = await fs.readdir(from, { recursive: true, withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { count, bytes };
    throw error;
  }
  for (const entry of entries) {
    // A half-written upload (storage writes to a temporary name, then renames) is not part of the state.
    if (!entry.isFile() || entry.name.endsWith('.partial')) continue;
    const source = path.join(entry.parentPath, entry.name);
    const target = path.join(to, path.relative(from, source));
    await fs.mkdir(path.dirname(target), { recursive: true });
    await fs.copyFile(source, target);
    count += 1;
    bytes += (await fs.stat(target)).size;
  }
  return { count, bytes };
}

export interface BackupSources {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** The file storage folder (FILES_DIR, or DATA_DIR/files). */
  filesDir: string | null;
  /** The embedded provider's keys file (DATA_DIR/oidc/keys.json), when it exists. */
  providerKeysFile: string | null;
}

/** Writes a backup into `folder` (created; must not exist or be empty) and answers its manifest. */
export async function exportBackup(sources: BackupSources, folder: string): Promise<BackupManifest> {
  await fs.mkdir(folder, { recursive: true });
  if ((await fs.readdir(folder)).length) throw new BackupError(`The backup folder ${folder} is not empty.`);
  await fs.mkdir(path.join(folder, 'db'));
  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    createdAt: new Date().toISOString(),
    source: sources.kind,
    migration: { count: 0, hash: null },
    tables: {},
    files: { count: 0, bytes: 0 },
    providerKeys: false,
  };
  await sources.db.transaction(
    async (tx) => {
      // The first query fixes the snapshot; the files are copied while it is held, so every file a dumped row
      // names is there (uploads write the file before the row that names it).
      manifest.migration = await lastMigration(tx);
      const tables = await tablesOf(tx);
      manifest.files = sources.filesDir
        ? await copyTree(sources.filesDir, path.join(folder, 'files'))
        : { count: 0, bytes: 0 };
      for (const table of tables) {
        const file = path.join(folder, 'db', `${table.name}.jsonl`);
        const out = createWriteStream(file);
        const hash = createHash('sha256');
        let rows = 0;
        const cursor = `backup_${table.name}`;
        await tx.execute(
          sql`declare ${ident(cursor)} no scroll cursor for select row_to_json(t)::text as line from ${ident(table.name)} t`,
        );
        for (;;) {
          const batch = await rowsOf<{ line: string }>(
            tx,
            sql`fetch forward ${sql.raw(String(BATCH))} from ${ident(cursor)}`,
          );
          if (!batch.length) break;
          const chunk = batch.map((row) => `${row.line}\n`).join('');
          hash.update(chunk);
          rows += batch.length;
          if (!out.write(chunk)) await once(out, 'drain');
        }
        await tx.execute(sql`close ${ident(cursor)}`);
        out.end();
        await once(out, 'finish');
        manifest.tables[table.name] = { rows, sha256: hash.digest('hex') };
      }
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  if (sources.providerKeysFile) {
    try {
      const keys = await fs.readFile(sources.providerKeysFile);
      await fs.mkdir(path.join(folder, 'oidc'));
      await fs.writeFile(path.join(folder, 'oidc', 'keys.json'), keys, { mode: 0o600 });
      manifest.providerKeys = true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  // The manifest is written last: a folder without one is an unfinished backup.
  await fs.writeFile(path.join(folder, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

export async function readManifest(folder: string): Promise<BackupManifest> {
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(await fs.readFile(path.join(folder, 'manifest.json'), 'utf8')) as BackupManifest;
  } catch {
    throw new BackupError(`${folder} holds no finished backup (manifest.json is missing or unreadable).`);
  }
  if (manifest.format !== BACKUP_FORMAT || manifest.version !== BACKUP_VERSION) {
    throw new BackupError(`${folder} is not a ${BACKUP_FORMAT} version ${BACKUP_VERSION}.`);
  }
  return manifest;
}

/** Checks every table file against the manifest (row count and SHA-256) before anything is written. */
async function verifyTableFiles(folder: string, manifest: BackupManifest): Promise<void> {
  for (const [name, expected] of Object.entries(manifest.tables)) {
    const file = path.join(folder, 'db', `${name}.jsonl`);
    const hash = createHash('sha256');
    let rows = 0;
    try {
      for await (const chunk of createReadStream(file)) {
        hash.update(chunk as Buffer);
        for (const byte of chunk as Buffer) if (byte === 10) rows += 1;
      }
    } catch {
      throw new BackupError(`The backup is incomplete: ${name}.jsonl is missing.`);
    }
    if (rows !== expected.rows || hash.digest('hex') !== expected.sha256) {
      throw new BackupError(`The backup is damaged: ${name}.jsonl does not match its manifest.`);
    }
  }
}

export interface RestoreTargets {
  db: Database;
  filesDir: string | null;
  providerKeysFile: string | null;
}

export interface RestoreOptions {
  /** Empty every table of the target first (in the same transaction) instead of refusing a non-empty one. */
  replace?: boolean;
}

/**
 * Restores a backup into a database migrated to the backup's migration, and its files into the storage folder.
 * Refuses a damaged backup, another migration, and (without `replace`) a database that holds rows.
 */
export async function restoreBackup(
  folder: string,
  targets: RestoreTargets,
  options: RestoreOptions = {},
): Promise<BackupManifest> {
  const manifest = await readManifest(folder);
  await verifyTableFiles(folder, manifest);
  const migration = await lastMigration(targets.db);
  if (migration.count !== manifest.migration.count || migration.hash !== manifest.migration.hash) {
    throw new BackupError(
      `The backup was taken at migration ${manifest.migration.count} and the database is at ${migration.count}: ` +
        'restore with the portal version that made the backup, then start the new version to migrate.',
    );
  }
  const tables = await tablesOf(targets.db);
  const known = new Set(tables.map((table) => table.name));
  const unknown = Object.keys(manifest.tables).filter((name) => !known.has(name));
  if (unknown.length) throw new BackupError(`The database has no table ${unknown.join(', ')}.`);

  await targets.db.transaction(async (tx) => {
    if (!options.replace) {
      // Empty means no data a portal makes: migrations themselves may write rows (auth_generation), and those are
      // replaced by the backup's like every other row.
      for (const name of PORTAL_DATA_TABLES.filter((table) => known.has(table))) {
        const [row] = await rowsOf<{ any: boolean }>(
          tx,
          sql`select exists (select 1 from ${ident(name)}) as any`,
        );
        if (row?.any) {
          throw new BackupError(
            `The database is not empty (table ${name} has rows): restore into an empty database, or replace.`,
          );
        }
      }
    }
    const generation = known.has('auth_generation')
      ? Number(
          (
            await rowsOf<{ value: string | null }>(
              tx,
              sql`select max(value)::text as value from auth_generation`,
            )
          )[0]?.value ?? 0,
        )
      : 0;
    // The backup holds what triggers wrote (counters, the identity generation): they must not fire again while it
    // is loaded. DISABLE TRIGGER USER needs only the tables' owner (the app's role ran the migrations), unlike
    // session_replication_role; foreign keys stay checked. Transactional: a failed restore leaves them enabled.
    for (const table of tables) await tx.execute(sql`alter table ${ident(table.name)} disable trigger user`);
    await tx.execute(
      sql`truncate ${sql.join(
        tables.map((table) => ident(table.name)),
        sql`, `,
      )} restart identity cascade`,
    );
    for (const table of tables) {
      if (!manifest.tables[table.name]?.rows) continue;
      await restoreTable(tx, table, path.join(folder, 'db', `${table.name}.jsonl`));
    }
    for (const table of tables) await tx.execute(sql`alter table ${ident(table.name)} enable trigger user`);
    // The identity generation only moves forward: a server that cached callers at a generation must see a new one.
    if (known.has('auth_generation')) {
      await tx.execute(sql`update auth_generation set value = greatest(value, ${generation}) + 1`);
    }
  });

  if (targets.filesDir) await copyTree(path.join(folder, 'files'), targets.filesDir);
  if (targets.providerKeysFile && manifest.providerKeys) {
    await fs.mkdir(path.dirname(targets.providerKeysFile), { recursive: true });
    await fs.copyFile(path.join(folder, 'oidc', 'keys.json'), targets.providerKeysFile);
    await fs.chmod(targets.providerKeysFile, 0o600);
  }
  return manifest;
}

async function restoreTable(tx: Executor, table: TableInfo, file: string): Promise<void> {
  const columns = table.columns;
  const list = sql.join(
    columns.map((column) => ident(column)),
    sql`, `,
  );
  // Self-references are written in a second pass, once every row of the table exists.
  const firstPass = sql.join(
    columns.map((column) =>
      table.selfReferences.includes(column) ? sql`null as ${ident(column)}` : sql`r.${ident(column)}`,
    ),
    sql`, `,
  );
  const overriding = table.identity.length ? sql`overriding system value` : sql``;
  const insert = (lines: string[]) =>
    tx.execute(sql`insert into ${ident(table.name)} (${list}) ${overriding}
      select ${firstPass} from json_populate_recordset(null::${ident(table.name)}, ${`[${lines.join(',')}]`}::json) r`);
  const keyColumns = await primaryKeyOf(tx, table.name);
  const updateSelf = (lines: string[]) =>
    tx.execute(sql`update ${ident(table.name)} t set ${sql.join(
      table.selfReferences.map((column) => sql`${ident(column)} = r.${ident(column)}`),
      sql`, `,
    )} from json_populate_recordset(null::${ident(table.name)}, ${`[${lines.join(',')}]`}::json) r
      where ${sql.join(
        keyColumns.map((column) => sql`t.${ident(column)} = r.${ident(column)}`),
        sql` and `,
      )}`);

  const passes = table.selfReferences.length ? [insert, updateSelf] : [insert];
  if (table.selfReferences.length && !keyColumns.length) {
    throw new BackupError(`Table ${table.name} refers to itself but has no primary key.`);
  }
  for (const pass of passes) {
    const lines = createInterface({ input: createReadStream(file), crlfDelay: Infinity });
    let batch: string[] = [];
    for await (const line of lines) {
      if (!line) continue;
      batch.push(line);
      if (batch.length === BATCH) {
        await pass(batch);
        batch = [];
      }
    }
    if (batch.length) await pass(batch);
  }
  for (const column of table.identity) {
    await tx.execute(sql`select setval(pg_get_serial_sequence(${`"${table.name}"`}, ${column}),
      coalesce((select max(${ident(column)}) from ${ident(table.name)}), 1),
      (select max(${ident(column)}) from ${ident(table.name)}) is not null)`);
  }
}
