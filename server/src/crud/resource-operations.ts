import { and, eq, getTableColumns, type SQL } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ResourceDefinition } from '@portal/resources';
import type { Database } from '../db/client.js';
import { audit } from './audit.js';
import { notFound } from '../transport/errors.js';
import { listRows } from './list.js';
import { reachableRow, type Repository, type WriteContext } from './repository.js';
import { uniqueConflict } from './unique-conflict.js';

type Row = Record<string, unknown>;

/** What each generated action does once its request is validated; its answer is what the route sends. */
export interface ResourceOperations {
  list(request: FastifyRequest, reply: FastifyReply): Promise<unknown[]>;
  show(request: FastifyRequest): Promise<unknown>;
  create(request: FastifyRequest): Promise<unknown>;
  update(request: FastifyRequest): Promise<unknown>;
  remove(request: FastifyRequest): Promise<unknown>;
}

/**
 * The actions of a resource over its repository's table: the list paged in SQL, one row per key, and each write
 * in one transaction with its audit record and the repository's hooks.
 */
export class TableOperations implements ResourceOperations {
  constructor(
    private readonly definition: ResourceDefinition,
    private readonly repository: Repository<Row, Row>,
    private readonly db: Database,
    private readonly idParam: string,
  ) {}

  private notFound() {
    return (
      this.repository.notFound?.() ??
      notFound(`${this.definition.label.one} not found.`, [this.definition.name])
    );
  }

  async list(request: FastifyRequest, reply: FastifyReply) {
    const { repository, db } = this;
    const scopes = [repository.scope?.(request, db), repository.listScope?.(request, db)];
    const present = scopes.filter((scope): scope is SQL => scope !== undefined);
    const rows = await listRows<Row>(
      {
        db,
        table: repository.table,
        columns: repository.columns,
        definition: this.definition,
        scope: present.length ? and(...present) : undefined,
        filters: repository.filters,
      },
      request as Parameters<typeof listRows>[1],
      reply,
    );
    return repository.toRecords(db, rows);
  }

  private reachable(request: FastifyRequest, tx: WriteContext['tx']): Promise<Row> {
    const id = (request.params as Record<string, unknown>)[this.idParam];
    return reachableRow(this.repository, tx, request, id, () => this.notFound());
  }

  private async recordOf(tx: WriteContext['tx'], row: Row): Promise<Row> {
    const [record] = await this.repository.toRecords(tx, [row]);
    return record!;
  }

  async show(request: FastifyRequest) {
    return this.recordOf(this.db, await this.reachable(request, this.db));
  }

  /** A write in one transaction; a broken uniqueness rule is its 409, the repository maps other refusals. */
  private async write<T>(action: 'create' | 'edit' | 'delete', work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      const mapped = this.repository.writeError?.(error, action) ?? uniqueConflict(this.definition, error);
      throw mapped ?? error;
    }
  }

  create(request: FastifyRequest) {
    const { repository } = this;
    return this.write('create', () =>
      this.db.transaction(async (tx) => {
        const ctx: WriteContext = { tx, request, revealed: {} };
        const values = await repository.insertValues(request.body, ctx);
        const [row] = await tx.insert(repository.table).values(values).returning();
        await repository.afterWrite?.(ctx, row as Row, request.body);
        const record = await this.recordOf(tx, row as Row);
        await audit(tx, request, {
          action: 'create',
          entity: repository.entity,
          entityId: String(this.keyOf(row as Row)),
          after: record,
        });
        return { ...(record as object), ...ctx.revealed };
      }),
    );
  }

  update(request: FastifyRequest) {
    const { repository } = this;
    return this.write('edit', () =>
      this.db.transaction(async (tx) => {
        const ctx: WriteContext = { tx, request, revealed: {} };
        const current = await this.reachable(request, tx);
        const before = await this.recordOf(tx, current);
        const values = await repository.updateValues(request.body, current, ctx);
        const stamped = 'updatedAt' in getTableColumns(repository.table) ? { updatedAt: new Date() } : {};
        const [row] = await tx
          .update(repository.table)
          .set({ ...stamped, ...values })
          .where(eq(repository.key, this.keyOf(current)))
          .returning();
        if (!row) throw this.notFound();
        await repository.afterWrite?.(ctx, row as Row, request.body);
        const after = await this.recordOf(tx, row as Row);
        await audit(tx, request, {
          action: 'update',
          entity: repository.entity,
          entityId: String(this.keyOf(current)),
          before,
          after,
        });
        return after;
      }),
    );
  }

  remove(request: FastifyRequest) {
    const { repository } = this;
    return this.write('delete', () =>
      this.db.transaction(async (tx) => {
        const current = await this.reachable(request, tx);
        const record = await this.recordOf(tx, current);
        await repository.beforeDelete?.({ tx, request, revealed: {} }, current, record);
        const [row] = await tx
          .delete(repository.table)
          .where(eq(repository.key, this.keyOf(current)))
          .returning();
        if (!row) throw this.notFound();
        await audit(tx, request, {
          action: 'delete',
          entity: repository.entity,
          entityId: String(this.keyOf(current)),
          before: record,
        });
        return record;
      }),
    );
  }

  /** The key value of a row (the row holds it under the key column's field name). */
  private keyOf(row: Row): unknown {
    const columns = getTableColumns(this.repository.table) as Record<string, unknown>;
    const field = Object.keys(columns).find((name) => columns[name] === this.repository.key)!;
    return row[field];
  }
}
