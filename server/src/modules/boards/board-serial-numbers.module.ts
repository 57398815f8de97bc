import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { boardSerialNumbersResource, type SerialNumberRecord } from '@portal/resources';
import type { Database } from '../../db/client.js';
import { serialNumbers } from '../../db/schema-boards.js';
import { projects } from '../../db/schema-projects.js';
import { notFound } from '../../transport/errors.js';
import { listRows } from '../../crud/list.js';
import { repositoryModule } from '../../crud/module.js';
import type { Executor } from '../../crud/repository.js';
import { serialNumberWrites } from './serial-number-writes.js';

type SerialNumberRow = typeof serialNumbers.$inferSelect;

const columns = {
  id: serialNumbers.id,
  value: serialNumbers.value,
  multiRegistration: serialNumbers.multiRegistration,
  createdAt: serialNumbers.createdAt,
};

/** Rows added per INSERT statement (a call adds up to SERIAL_NUMBERS_PER_ADD_MAX). */
const INSERT_CHUNK = 1000;

const serialNumberNotFound = () => notFound('Serial number not found.', ['serialNumber']);

/** How many projects registered each of these serial numbers. */
async function registrationsOf(db: Executor, ids: string[]): Promise<Map<string, number>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: projects.serialNumberId, total: count() })
    .from(projects)
    .where(inArray(projects.serialNumberId, ids))
    .groupBy(projects.serialNumberId);
  return new Map(rows.map((row) => [row.id!, row.total]));
}

/** Records of rows, each with the number of projects that registered it. */
async function toRecords(db: Executor, rows: SerialNumberRow[]): Promise<SerialNumberRecord[]> {
  const registrations = await registrationsOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    id: row.id,
    value: row.value,
    multiRegistration: row.multiRegistration,
    registrations: registrations.get(row.id) ?? 0,
    createdAt: row.createdAt.toISOString(),
  }));
}

/** The serial number of the board, or 404. */
async function findSerialNumber(db: Executor, boardId: string, id: string): Promise<SerialNumberRow> {
  const [row] = await db
    .select()
    .from(serialNumbers)
    .where(and(eq(serialNumbers.id, id), eq(serialNumbers.boardId, boardId)))
    .limit(1);
  if (!row) throw serialNumberNotFound();
  return row;
}

/** A page of the board's serial numbers as records (simple-rest list of `boardSerialNumbersResource`). */
async function listSerialNumbers(
  db: Database,
  boardId: string,
  request: Parameters<typeof listRows>[1],
  reply: FastifyReply,
): Promise<SerialNumberRecord[]> {
  const rows = await listRows<SerialNumberRow>(
    {
      db,
      table: serialNumbers,
      columns,
      definition: boardSerialNumbersResource,
      scope: eq(serialNumbers.boardId, boardId),
    },
    request,
    reply,
  );
  return toRecords(db, rows);
}

/** Which of these values exist already, on any board. */
async function existingValues(db: Executor, values: string[]): Promise<string[]> {
  const rows = await db
    .select({ value: serialNumbers.value })
    .from(serialNumbers)
    .where(inArray(serialNumbers.value, values));
  return rows.map((row) => row.value);
}

/** Adds the values to the board (in chunks); answers the added records sorted by value. */
async function insertSerialNumbers(
  tx: Executor,
  boardId: string,
  values: string[],
  multiRegistration: boolean,
): Promise<SerialNumberRecord[]> {
  const rows: SerialNumberRow[] = [];
  for (let start = 0; start < values.length; start += INSERT_CHUNK) {
    const chunk = values.slice(start, start + INSERT_CHUNK);
    rows.push(
      ...(await tx
        .insert(serialNumbers)
        .values(chunk.map((value) => ({ boardId, value, multiRegistration })))
        .returning()),
    );
  }
  rows.sort((a, b) => (a.value < b.value ? -1 : a.value > b.value ? 1 : 0));
  return toRecords(tx, rows);
}

/** Switches one serial number's registration mode; answers its record. */
async function setMultiRegistration(
  tx: Executor,
  id: string,
  multiRegistration: boolean,
): Promise<SerialNumberRecord> {
  const [row] = await tx
    .update(serialNumbers)
    .set({ multiRegistration })
    .where(eq(serialNumbers.id, id))
    .returning();
  const [record] = await toRecords(tx, [row!]);
  return record!;
}

/** The record of one serial number of the board (with its registrations), or 404. */
async function serialNumberRecord(db: Executor, boardId: string, id: string): Promise<SerialNumberRecord> {
  const [record] = await toRecords(db, [await findSerialNumber(db, boardId, id)]);
  return record!;
}

async function deleteSerialNumber(tx: Executor, id: string): Promise<void> {
  await tx.delete(serialNumbers).where(eq(serialNumbers.id, id));
}

/** Every serial number of the board as the Sik file lists them, sorted by value. */
const sikSerialNumbers = (db: Executor, boardId: string) =>
  db
    .select({ value: serialNumbers.value, multiRegistration: serialNumbers.multiRegistration })
    .from(serialNumbers)
    .where(eq(serialNumbers.boardId, boardId))
    .orderBy(asc(serialNumbers.value));

/**
 * A board's serial numbers (spec product §2.3 serialnumbers/edit, §4 single or multi registration, §5); the admin's
 * changes and the Sik file in `serial-number-writes.ts`.
 */
const boardSerialNumbers = {
  listSerialNumbers,
  findSerialNumber,
  serialNumberRecord,
  existingValues,
  insertSerialNumbers,
  setMultiRegistration,
  deleteSerialNumber,
  sikSerialNumbers,
};

export type SerialNumberReads = typeof boardSerialNumbers;
export type BoardSerialNumbersRepository = SerialNumberReads & ReturnType<typeof serialNumberWrites>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The serial numbers of one board, for `routes/boards/_id/serial-numbers.ts`. */
    boardSerialNumbers: BoardSerialNumbersRepository;
  }
}

export default repositoryModule('boardSerialNumbers', ({ db }) => ({
  ...boardSerialNumbers,
  ...serialNumberWrites(db, boardSerialNumbers),
}));
