import { and, eq, getTableColumns, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { auditEntityOf, type AuditEntity, type ResourceDefinition } from '@portal/resources';
import type { Database } from '../db/client.js';
import type { FilterSql } from './list-sql.js';

/** The database or a transaction of it: what every repository reads and writes through. */
export type Executor = Pick<
  Database,
  'select' | 'selectDistinct' | 'selectDistinctOn' | 'insert' | 'update' | 'delete' | 'execute'
>;

/** What a write hook may use: the transaction, the request (caller, path parameters), and what to reveal once. */
export interface WriteContext {
  tx: Executor;
  request: FastifyRequest;
  /** Fields added to the create answer only (a secret shown once); never stored as given, never audited. */
  revealed: Record<string, unknown>;
}

type Row = Record<string, unknown>;
type Values = Record<string, unknown>;

/**
 * Where a resource's records live and how they are read and written: the table, the columns its list sorts,
 * filters and searches by, the record mapping, and hooks for values and rules. Built by {@link defineRepository},
 * used by `resourceRoutes` and by the hand-written actions beside it.
 */
export interface Repository<R extends Row = Row, Rec = unknown> {
  table: PgTable;
  /** The column the `:id` path parameter names (the definition's `idField`, else `id`). */
  key: PgColumn;
  /** Every field the definition sorts, filters or searches by; `id` is the key (getMany, the tiebreaker). */
  columns: Record<string, PgColumn | SQL> & { id: PgColumn };
  /** Filters that are no column (a user holding a role). */
  filters?: FilterSql;
  /** The audit record's entity (`partner`, `feature_flag`). */
  entity: AuditEntity;
  /** The `:id` parameter's schema (default: the record's id field). */
  keySchema?: z.ZodType;
  /** Records of rows, in the rows' order (one query for a page, not one per row). */
  toRecords(db: Executor, rows: R[]): Promise<Rec[]>;
  /** The columns a create writes, from the validated body (trimmed, normalised); may refuse with an ApiError. */
  insertValues(input: unknown, ctx: WriteContext): Values | Promise<Values>;
  /** The columns an update writes; fields left out keep their value. */
  updateValues(input: unknown, before: R, ctx: WriteContext): Values | Promise<Values>;
  /** Conditions on every row of every action (the parent named in the path); undefined: all rows. */
  scope?(request: FastifyRequest, db: Executor): SQL | undefined;
  /** Conditions on the list only (a company space admin's row scope); single rows answer `reach` instead. */
  listScope?(request: FastifyRequest, db: Executor): SQL | undefined;
  /** After a row is found for show, update or delete: throws (403) when the caller may not reach it. */
  reach?(request: FastifyRequest, row: R, tx: Executor): Promise<void>;
  /** After a create or update wrote the row, in its transaction (nested children from the body); a throw undoes it. */
  afterWrite?(ctx: WriteContext, row: R, input: unknown): Promise<void>;
  /** Before a delete, in its transaction: throws (409) when the record may not go. */
  beforeDelete?(ctx: WriteContext, row: R, record: Rec): Promise<void>;
  /** A database error of a write turned into the answer (a foreign key of a concurrent change); else rethrown. */
  writeError?(error: unknown, action: 'create' | 'edit' | 'delete'): Error | undefined;
  /** The 404 of a key no row has, when the area answers its own (default: `<label> not found.`). */
  notFound?(): Error;
  /** The create answer's schema when it carries more than the record (a secret shown once). */
  createdSchema?: z.ZodType;
}

/** A row field as the API answers it: dates as ISO text. */
const apiValue = (value: unknown) => (value instanceof Date ? value.toISOString() : value);

/**
 * A repository for a definition and its table, with defaults for everything not given: the table's columns by
 * field name, records as the record schema's fields of the row, the body's fields that are columns as values, the
 * audit entity from the definition's label. A simple resource needs nothing more than `defineRepository(def,
 * table)`.
 */
export function defineRepository<T extends PgTable, Rec = unknown>(
  definition: Pick<ResourceDefinition, 'record' | 'idField' | 'label' | 'auditEntity'> &
    Partial<Pick<ResourceDefinition, 'create' | 'update' | 'fields'>>,
  table: T,
  overrides: Partial<Repository<T['$inferSelect'], Rec>> = {},
): Repository<T['$inferSelect'], Rec> {
  const tableColumns = getTableColumns(table) as Record<string, PgColumn>;
  const key = overrides.key ?? tableColumns[definition.idField ?? 'id'] ?? tableColumns.id;
  if (!key) throw new Error(`${definition.label.many}: the table has no key column`);
  const recordFields = Object.keys(definition.record.shape);
  const keyField = Object.keys(tableColumns).find((field) => tableColumns[field] === key)!;
  // Only what the write's schema declares and the form may edit: never the key, the record's dates or a
  // read-only field, whatever a looser body schema lets through.
  const readOnly = new Set([
    keyField,
    'createdAt',
    'updatedAt',
    ...(definition.fields ?? []).filter((field) => field.readOnly).map((field) => field.source),
  ]);
  const writable = (schema: unknown) => {
    const shape = (schema as { shape?: Record<string, unknown> } | undefined)?.shape;
    return (field: string) => field in tableColumns && !readOnly.has(field) && (!shape || field in shape);
  };
  const [creatable, updatable] = [writable(definition.create), writable(definition.update)];
  const valuesOf = (input: unknown, allowed: (field: string) => boolean): Values =>
    Object.fromEntries(Object.entries(input as Values).filter(([field]) => allowed(field)));
  // A client-chosen key (a metadata key) is written on create when the create schema declares it; a generated
  // one is left to the database.
  const createShape = (definition.create as { shape?: Record<string, unknown> } | undefined)?.shape;
  const keyValue = (input: unknown): Values => {
    const value = createShape && keyField in createShape ? (input as Values)[keyField] : undefined;
    return value === undefined ? {} : { [keyField]: value };
  };
  return {
    table,
    key,
    columns: { ...tableColumns, id: key },
    entity: auditEntityOf(definition),
    toRecords: async (_db, rows) =>
      rows.map(
        (row) => Object.fromEntries(recordFields.map((field) => [field, apiValue(row[field])])) as Rec,
      ),
    insertValues: (input) => ({ ...valuesOf(input, creatable), ...keyValue(input) }),
    updateValues: (input) => valuesOf(input, updatable),
    ...overrides,
  };
}

/** The row of a key under the repository's scope, or undefined. */
export async function findRow<R extends Row>(
  repository: Repository<R>,
  db: Executor,
  request: FastifyRequest,
  id: unknown,
): Promise<R | undefined> {
  const scope = repository.scope?.(request, db);
  const match = eq(repository.key, id);
  const [row] = await db
    .select()
    .from(repository.table)
    .where(scope ? and(match, scope) : match)
    .limit(1);
  return row as R | undefined;
}

/** The row a path names, reachable by the caller: `missing()` when there is none, the repository's 403 otherwise. */
export async function reachableRow<R extends Row>(
  repository: Repository<R, unknown>,
  db: Executor,
  request: FastifyRequest,
  id: unknown,
  missing: () => Error,
): Promise<R> {
  const row = await findRow(repository, db, request, id);
  if (!row) throw missing();
  await repository.reach?.(request, row, db);
  return row;
}
