import type { FastifyRequest } from 'fastify';
import {
  SERIAL_NUMBERS_PER_ADD_MAX,
  SIK_FORMAT,
  SIK_FORMAT_VERSION,
  parseSerialNumbersText,
  type ErrorItem,
  type SerialNumberRecord,
  type SikFile,
} from '@portal/resources';
import type { Database } from '../../db/client.js';
import { isUniqueViolation } from '../../transport/database-errors.js';
import { ApiError } from '../../transport/errors.js';
import { lockBoard, requireBoard, type BoardRow } from './boards.js';
import { auditBoard } from './route-schemas.js';
import type { SerialNumberReads } from './board-serial-numbers.module.js';

type Requester = Pick<FastifyRequest, 'currentUser'>;

/** The line (1-based) each value first stands on in the text the admin entered. */
function linesOf(text: string): Map<string, number> {
  const lines = new Map<string, number>();
  text.split(/\r?\n/).forEach((line, index) => {
    const value = line.trim();
    if (value && !lines.has(value)) lines.set(value, index + 1);
  });
  return lines;
}

/** The serial numbers of the text, or 400 with one error per bad line (all or nothing). */
function serialNumbersOf(text: string) {
  const parsed = parseSerialNumbersText(text);
  if (parsed.errors.length) {
    throw new ApiError(
      400,
      parsed.errors.map(({ line, message }): ErrorItem => ({
        errorCode: 'invalid_request',
        resources: ['serialNumbers'],
        messages: [`Line ${line}: ${message}`],
      })),
    );
  }
  if (!parsed.serialNumbers.length) {
    throw ApiError.of(400, 'invalid_request', 'Enter at least one serial number.', ['serialNumbers']);
  }
  if (parsed.serialNumbers.length > SERIAL_NUMBERS_PER_ADD_MAX) {
    throw ApiError.of(
      400,
      'invalid_request',
      `At most ${SERIAL_NUMBERS_PER_ADD_MAX} serial numbers can be added at once.`,
      ['serialNumbers'],
    );
  }
  return parsed;
}

/** 409 duplicate with one error per line naming a serial number that exists already, in line order. */
function duplicatesIn(text: string, values: string[]): ApiError {
  const lines = linesOf(text);
  return new ApiError(
    409,
    values
      .sort((a, b) => lines.get(a)! - lines.get(b)!)
      .map((value): ErrorItem => ({
        errorCode: 'duplicate',
        resources: ['serialNumbers'],
        messages: [`Line ${lines.get(value)}: The serial number ${value} already exists.`],
      })),
  );
}

/** The admin's changes of a board's serial numbers, each audited on the board, and its Sik file. */
export const serialNumberWrites = (db: Database, serials: SerialNumberReads) => ({
  /** Adds the serial numbers of the text, one per line: all or nothing (400 per bad line, 409 per existing one). */
  addSerialNumbers: async (
    request: Requester,
    boardId: string,
    text: string,
    multiRegistration = false,
  ): Promise<SerialNumberRecord[]> => {
    const parsed = serialNumbersOf(text);
    try {
      return await db.transaction(async (tx) => {
        const board = await requireBoard(tx, boardId);
        const existing = await serials.existingValues(tx, parsed.serialNumbers);
        if (existing.length) throw duplicatesIn(text, existing);
        const records = await serials.insertSerialNumbers(
          tx,
          board.id,
          parsed.serialNumbers,
          multiRegistration,
        );
        await auditBoard(tx, request, board.id, 'add_serial_numbers', {
          after: { serialNumbers: parsed.serialNumbers, multiRegistration },
        });
        return records;
      });
    } catch (error) {
      // Added by a concurrent call between the check and the insert.
      if (isUniqueViolation(error))
        throw duplicatesIn(text, await serials.existingValues(db, parsed.serialNumbers));
      throw error;
    }
  },

  /** Switches a serial number between single and multi registration. */
  setRegistrationMode: (request: Requester, boardId: string, id: string, multiRegistration: boolean) =>
    db.transaction(async (tx) => {
      const board = await requireBoard(tx, boardId);
      const current = await serials.findSerialNumber(tx, board.id, id);
      const record = await serials.setMultiRegistration(tx, current.id, multiRegistration);
      await auditBoard(tx, request, board.id, 'update_serial_number', {
        before: { value: current.value, multiRegistration: current.multiRegistration },
        after: { value: record.value, multiRegistration: record.multiRegistration },
      });
      return record;
    }),

  /** Deletes a serial number, 409 while a project is registered with it; answers it. */
  removeSerialNumber: (request: Requester, boardId: string, id: string) =>
    db.transaction(async (tx) => {
      const board = await lockBoard(tx, boardId);
      const record = await serials.serialNumberRecord(tx, board.id, id);
      if (record.registrations > 0) {
        throw ApiError.of(
          409,
          'conflict',
          'This serial number is registered with a project and cannot be deleted.',
          ['serialNumber'],
        );
      }
      await serials.deleteSerialNumber(tx, record.id);
      await auditBoard(tx, request, board.id, 'delete_serial_number', {
        before: { value: record.value, multiRegistration: record.multiRegistration },
      });
      return record;
    }),

  /** The board's Sik file; a board without ISPN has none (409). */
  sikFile: async (boardId: string): Promise<{ board: BoardRow; sik: SikFile }> => {
    const board = await requireBoard(db, boardId);
    if (!board.ispn) {
      throw ApiError.of(409, 'conflict', 'This board has no ISPN: set one before downloading its Sik file.', [
        'ispn',
      ]);
    }
    const rows = await serials.sikSerialNumbers(db, board.id);
    const sik: SikFile = {
      format: SIK_FORMAT,
      version: SIK_FORMAT_VERSION,
      board: { id: board.id, name: board.name, ispn: board.ispn, ispnId: board.ispnId },
      publicKey: board.publicKey,
      generatedAt: new Date().toISOString(),
      serialNumbers: rows,
    };
    return { board, sik };
  },
});
