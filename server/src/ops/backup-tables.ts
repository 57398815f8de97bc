import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client.js';

/** The backup folder's format: its manifest, and the error of a backup or restore that cannot go on. */
export const BACKUP_FORMAT = 'portal-backup';
export const BACKUP_VERSION = 1;

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  version: typeof BACKUP_VERSION;
  createdAt: string;
  /** The database the backup was taken from (a restore may go into the other kind). */
  source: 'pglite' | 'postgres';
  /** The last applied migration: a restore needs the same one. */
  migration: { count: number; hash: string | null };
  tables: Record<string, { rows: number; sha256: string }>;
  files: { count: number; bytes: number };
  /** True when the embedded provider's signing keys are in `oidc/keys.json`. */
  providerKeys: boolean;
}

export class BackupError extends Error {
  override name = 'BackupError';
}

/** What backup and restore read from the database's catalogue: its tables, their order, keys and migration. */
export interface TableInfo {
  name: string;
  /** Columns a restore writes: every column but generated ones. */
  columns: string[];
  /** Identity and serial columns whose sequence is moved past the restored values. */
  identity: string[];
  /** Foreign-key columns that point at their own table: written in a second pass. */
  selfReferences: string[];
}

export const ident = (name: string) => sql.raw(`"${name.replace(/"/g, '""')}"`);

export type Executor = Pick<Database, 'execute'>;

export async function rowsOf<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** The portal's tables in an order where every table comes after the tables it refers to. */
export async function tablesOf(db: Executor): Promise<TableInfo[]> {
  const tables = await rowsOf<{ name: string }>(
    db,
    sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p') order by c.relname`,
  );
  const columns = await rowsOf<{
    table: string;
    column: string;
    generated: string;
    identity: string;
    sequenced: boolean;
  }>(
    db,
    sql`select table_name as "table", column_name as "column", is_generated as generated,
          is_identity as identity, coalesce(column_default like 'nextval(%', false) as sequenced
        from information_schema.columns where table_schema = 'public' order by table_name, ordinal_position`,
  );
  const references = await rowsOf<{ child: string; parent: string; columns: string[] | string }>(
    db,
    sql`select child.relname as child, parent.relname as parent,
          (select array_agg(a.attname::text order by a.attnum) from pg_attribute a
            where a.attrelid = con.conrelid and a.attnum = any(con.conkey)) as columns
        from pg_constraint con
        join pg_class child on child.oid = con.conrelid
        join pg_class parent on parent.oid = con.confrelid
        join pg_namespace n on n.oid = child.relnamespace
        where con.contype = 'f' and n.nspname = 'public'`,
  );
  const info = new Map<string, TableInfo>(
    tables.map(({ name }) => [name, { name, columns: [], identity: [], selfReferences: [] }]),
  );
  for (const column of columns) {
    const table = info.get(column.table);
    if (!table || column.generated === 'ALWAYS') continue;
    table.columns.push(column.column);
    if (column.identity === 'YES' || column.sequenced) table.identity.push(column.column);
  }
  const parents = new Map<string, Set<string>>(tables.map(({ name }) => [name, new Set()]));
  for (const reference of references) {
    const names = Array.isArray(reference.columns)
      ? reference.columns
      : reference.columns.replace(/^\{|\}$/g, '').split(',');
    if (reference.child === reference.parent) info.get(reference.child)?.selfReferences.push(...names);
    else parents.get(reference.child)?.add(reference.parent);
  }
  const ordered: TableInfo[] = [];
  const placed = new Set<string>();
  while (ordered.length < info.size) {
    const ready = [...info.values()].filter(
      (table) => !placed.has(table.name) && [...parents.get(table.name)!].every((p) => placed.has(p)),
    );
    if (!ready.length) {
      const left = [...info.keys()].filter((name) => !placed.has(name));
      throw new BackupError(`Tables refer to each other in a cycle: ${left.join(', ')}`);
    }
    for (const table of ready) {
      ordered.push(table);
      placed.add(table.name);
    }
  }
  return ordered;
}

export async function lastMigration(db: Executor): Promise<BackupManifest['migration']> {
  const rows = await rowsOf<{ count: number | string; hash: string | null }>(
    db,
    sql`select (select count(*) from drizzle.__drizzle_migrations) as count,
          (select hash from drizzle.__drizzle_migrations order by created_at desc, id desc limit 1) as hash`,
  );
  return { count: Number(rows[0]?.count ?? 0), hash: rows[0]?.hash ?? null };
}

export async function primaryKeyOf(tx: Executor, table: string): Promise<string[]> {
  const rows = await rowsOf<{ column: string }>(
    tx,
    sql`select a.attname::text as "column" from pg_index i
        join pg_class c on c.oid = i.indrelid join pg_namespace n on n.oid = c.relnamespace
        join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
        where i.indisprimary and n.nspname = 'public' and c.relname = ${table}`,
  );
  return rows.map((row) => row.column);
}
