import { eq } from 'drizzle-orm';
import QRCode from 'qrcode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SIK_FORMAT,
  sikFileSchema,
  type BoardRecord,
  type SerialNumberRecord,
  type SikFile,
} from '@portal/resources';
import { boards } from '../src/db/schema.js';
import { serialNumbers } from '../src/db/schema-boards.js';
import { projects } from '../src/db/schema-projects.js';
import { TEST_PUBLIC_URL } from './support/app.js';
import {
  UNKNOWN,
  auditSince,
  caller,
  createBoard,
  expectError,
  expectOk,
  lastAuditId,
  listUrl,
  startBoardsTest,
  type BoardsTest,
} from './boards-api.js';

let s: BoardsTest;
let call: ReturnType<typeof caller>;
let board: BoardRecord;
let other: BoardRecord;

const SPEC_MESSAGE = 'Validation error. A serial number may consist only of letters and numbers.';

beforeAll(async () => {
  s = await startBoardsTest();
  call = caller(s.t);
  board = await createBoard(s.t, s.admin, { name: 'Serial_Board', ispn: 'SERIAL-BOARD', ispnId: 'ISPN-1' });
  other = await createBoard(s.t, s.admin, { name: 'Other_Board' });
});
afterAll(() => s?.t.close());

const path = (id = board.id) => `/api/v1/boards/${id}/serial-numbers`;
const everySerial = async (id = board.id) =>
  expectOk<SerialNumberRecord[]>(await call('GET', listUrl(path(id), { sort: ['value', 'ASC'] }), s.admin));
const add = (serialNumbers: string, extra: Record<string, unknown> = {}, id = board.id) =>
  call('POST', path(id), s.admin, { serialNumbers, ...extra });

describe('adding serial numbers', () => {
  it('adds many from text, one per line, ignoring blank lines and surrounding spaces; audited', async () => {
    const since = await lastAuditId(s.t);
    const added = expectOk<SerialNumberRecord[]>(await add('SB0003\r\n  SB0001  \n\nSB0002\n'), 201);
    expect(added.map((sn) => sn.value)).toEqual(['SB0001', 'SB0002', 'SB0003']);
    for (const sn of added) {
      expect(sn).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        value: sn.value,
        multiRegistration: false,
        registrations: 0,
        createdAt: expect.any(String),
      });
    }
    expect(await everySerial()).toEqual(added);
    const [entry] = await auditSince(s.t, since);
    expect(entry).toMatchObject({
      action: 'add_serial_numbers',
      entity: 'board',
      entityId: board.id,
      after: { serialNumbers: ['SB0003', 'SB0001', 'SB0002'], multiRegistration: false },
    });
  });

  it('adds them as multi registration when asked', async () => {
    const added = expectOk<SerialNumberRecord[]>(await add('SBMULTI1', { multiRegistration: true }), 201);
    expect(added).toMatchObject([{ value: 'SBMULTI1', multiRegistration: true }]);
  });

  it('refuses the whole text when any line breaks the rule, with the spec’s message per line', async () => {
    const before = await everySerial();
    const error = expectError(
      await add(`SB0100\nSB-0101\nSB0102\nSB 0103\n${'9'.repeat(46)}\nSB0100`),
      400,
      'invalid_request',
    );
    expect(error.errors).toEqual([
      { errorCode: 'invalid_request', resources: ['serialNumbers'], messages: [`Line 2: ${SPEC_MESSAGE}`] },
      { errorCode: 'invalid_request', resources: ['serialNumbers'], messages: [`Line 4: ${SPEC_MESSAGE}`] },
      {
        errorCode: 'invalid_request',
        resources: ['serialNumbers'],
        messages: ['Line 5: A serial number may have at most 45 characters.'],
      },
      {
        errorCode: 'invalid_request',
        resources: ['serialNumbers'],
        messages: ['Line 6: This serial number is already listed above.'],
      },
    ]);
    expect(await everySerial()).toEqual(before);
  });

  it('refuses an empty text and a malformed body', async () => {
    const before = await everySerial();
    expect(expectError(await add(' \n\n'), 400, 'invalid_request').errors[0]!.messages).toEqual([
      'Enter at least one serial number.',
    ]);
    expectError(await call('POST', path(), s.admin, {}), 400, 'invalid_request');
    expectError(await call('POST', path(), s.admin, { serialNumbers: ['SB1'] }), 400, 'invalid_request');
    expect(await everySerial()).toEqual(before);
  });

  it('refuses serial numbers that exist on any board with 409 duplicate per line, adding none', async () => {
    const before = await everySerial();
    const error = expectError(await add('SB0200\nSB0002\nNX107SN0001'), 409, 'duplicate');
    expect(error.errors.map((e) => e.messages[0])).toEqual([
      'Line 2: The serial number SB0002 already exists.',
      'Line 3: The serial number NX107SN0001 already exists.',
    ]);
    expect(await everySerial()).toEqual(before);
    expectError(await add('SB0001', {}, other.id), 409, 'duplicate');
  });

  it('answers 404 for an unknown board and 403 to non-admins, adding nothing', async () => {
    expectError(await add('SB0300', {}, UNKNOWN), 404, 'not_found');
    for (const tokens of [s.customer, s.csa]) {
      expectError(await call('POST', path(), tokens, { serialNumbers: 'SB0300' }), 403, 'forbidden');
    }
    const rows = await s.t.database.db.select().from(serialNumbers).where(eq(serialNumbers.value, 'SB0300'));
    expect(rows).toEqual([]);
  });

  it('lets exactly one of several concurrent adds of the same serial numbers win', async () => {
    const responses = await Promise.all(Array.from({ length: 6 }, () => add('RACE0001\nRACE0002')));
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    for (const response of responses.filter((r) => r.statusCode === 409))
      expectError(response, 409, 'duplicate');
    const rows = await s.t.database.db
      .select()
      .from(serialNumbers)
      .where(eq(serialNumbers.boardId, board.id));
    expect(
      rows
        .filter((row) => row.value.startsWith('RACE'))
        .map((row) => row.value)
        .sort(),
    ).toEqual(['RACE0001', 'RACE0002']);
    for (const row of rows.filter((r) => r.value.startsWith('RACE'))) {
      expectOk(await call('DELETE', `${path()}/${row.id}`, s.admin));
    }
  });

  it('takes a long pasted list in one call', async () => {
    const values = Array.from({ length: 2500 }, (_, i) => `BULK${String(i).padStart(5, '0')}`);
    const added = expectOk<SerialNumberRecord[]>(await add(values.join('\n'), {}, other.id), 201);
    expect(added).toHaveLength(2500);
    const page = await call('GET', path(other.id), s.admin, undefined, { range: 'serial-numbers=0-49' });
    expect(page.headers['content-range']).toBe('serial-numbers 0-49/2500');
  });
});

describe('listing serial numbers', () => {
  it('pages with Range and answers Content-Range', async () => {
    const response = await call('GET', path(), s.admin, undefined, { range: 'serial-numbers=1-2' });
    const page = expectOk<SerialNumberRecord[]>(response);
    expect(page.map((sn) => sn.value)).toEqual(['SB0002', 'SB0003']);
    expect(response.headers['content-range']).toBe('serial-numbers 1-2/4');
  });

  it('filters by value, registration mode and q, and sorts both ways', async () => {
    const values = async (params: Record<string, unknown>) =>
      expectOk<SerialNumberRecord[]>(await call('GET', listUrl(path(), params), s.admin)).map(
        (sn) => sn.value,
      );
    expect(await values({ filter: { value: 'multi' } })).toEqual(['SBMULTI1']);
    expect(await values({ filter: { multiRegistration: false }, sort: ['value', 'DESC'] })).toEqual([
      'SB0003',
      'SB0002',
      'SB0001',
    ]);
    expect(await values({ filter: { q: '0002' } })).toEqual(['SB0002']);
    expect(await values({ filter: { value: '%' } })).toEqual([]);
  });

  it('refuses filters and sorts the definition does not declare', async () => {
    for (const params of [{ filter: { boardId: other.id } }, { sort: ['registrations', 'ASC'] }]) {
      expectError(await call('GET', listUrl(path(), params), s.admin), 400, 'invalid_request');
    }
    expectError(await call('GET', path(UNKNOWN), s.admin), 404, 'not_found');
  });
});

describe('changing and deleting serial numbers', () => {
  it('toggles single and multi registration, audited', async () => {
    const [first] = await everySerial();
    const since = await lastAuditId(s.t);
    const multi = expectOk<SerialNumberRecord>(
      await call('PUT', `${path()}/${first!.id}`, s.admin, { multiRegistration: true }),
    );
    expect(multi).toEqual({ ...first, multiRegistration: true });
    const single = expectOk<SerialNumberRecord>(
      await call('PUT', `${path()}/${first!.id}`, s.admin, { ...multi, multiRegistration: false }),
    );
    expect(single).toEqual(first);
    expect(await auditSince(s.t, since)).toMatchObject([
      { action: 'update_serial_number', after: { value: first!.value, multiRegistration: true } },
      { action: 'update_serial_number', after: { value: first!.value, multiRegistration: false } },
    ]);
  });

  it('answers 404 for a serial number of another board', async () => {
    const [ofOther] = await everySerial(other.id);
    expectError(
      await call('PUT', `${path()}/${ofOther!.id}`, s.admin, { multiRegistration: true }),
      404,
      'not_found',
    );
    expectError(await call('DELETE', `${path()}/${ofOther!.id}`, s.admin), 404, 'not_found');
    expect((await everySerial(other.id))[0]).toEqual(ofOther);
  });

  it('counts registrations and refuses to delete a registered serial number', async () => {
    const serial = (await everySerial()).find((sn) => sn.value === 'SB0003')!;
    await s.t.database.db
      .insert(projects)
      .values({ name: 'Registered', boardId: board.id, serialNumberId: serial.id });
    const listed = (await everySerial()).find((sn) => sn.value === 'SB0003')!;
    expect(listed.registrations).toBe(1);
    const error = expectError(await call('DELETE', `${path()}/${serial.id}`, s.admin), 409, 'conflict');
    expect(error.errors[0]!.messages[0]).toBe(
      'This serial number is registered with a project and cannot be deleted.',
    );
    expect((await everySerial()).find((sn) => sn.id === serial.id)).toEqual(listed);
  });

  it('deletes a serial number and answers it, audited', async () => {
    const serial = (await everySerial()).find((sn) => sn.value === 'SB0002')!;
    const since = await lastAuditId(s.t);
    expect(expectOk(await call('DELETE', `${path()}/${serial.id}`, s.admin))).toEqual(serial);
    expect((await everySerial()).map((sn) => sn.value)).not.toContain('SB0002');
    expect(await auditSince(s.t, since)).toMatchObject([
      { action: 'delete_serial_number', entityId: board.id, before: { value: 'SB0002' } },
    ]);
    expectError(await call('DELETE', `${path()}/${serial.id}`, s.admin), 404, 'not_found');
  });

  it('refuses non-admins', async () => {
    const [first] = await everySerial();
    expectError(await call('DELETE', `${path()}/${first!.id}`, s.csa), 403, 'forbidden');
    expectError(
      await call('PUT', `${path()}/${first!.id}`, s.customer, { multiRegistration: true }),
      403,
      'forbidden',
    );
    expect((await everySerial())[0]).toEqual(first);
  });
});

describe('downloads', () => {
  it('answers a QR code PNG of the serial number', async () => {
    const [first] = await everySerial();
    const response = await call('GET', `${path()}/${first!.id}/qr.png`, s.admin);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="${first!.value}-qr.png"`);
    const png = response.rawPayload;
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    // IHDR: width and height.
    expect(png.readUInt32BE(16)).toBe(512);
    expect(png.readUInt32BE(20)).toBe(512);
    // It encodes the registration link on the portal's public address.
    const link = `${TEST_PUBLIC_URL}/welcome?serialnumber=${first!.value}`;
    const expected = await QRCode.toBuffer(link, {
      type: 'png',
      errorCorrectionLevel: 'M',
      margin: 2,
      width: 512,
    });
    const onPublicHost = await call('GET', `${path()}/${first!.id}/qr.png`, s.admin, undefined, {
      host: new URL(TEST_PUBLIC_URL).host,
    });
    expect(onPublicHost.rawPayload.equals(expected)).toBe(true);
    expectError(await call('GET', `${path()}/${UNKNOWN}/qr.png`, s.admin), 404, 'not_found');
    expectError(await call('GET', `${path()}/${first!.id}/qr.png`, s.customer), 403, 'forbidden');
  });

  it('answers the Sik file: the board, its public key and every serial number', async () => {
    await s.t.database.db
      .update(boards)
      .set({ publicKey: '-----BEGIN PUBLIC KEY-----\nMFkw\n-----END PUBLIC KEY-----' })
      .where(eq(boards.id, board.id));
    const response = await call('GET', `/api/v1/boards/${board.id}/sik`, s.admin);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['content-disposition']).toBe('attachment; filename="Serial_Board.sik.json"');
    const sik = sikFileSchema.parse(response.json()) satisfies SikFile;
    expect(sik).toEqual({
      format: SIK_FORMAT,
      version: 1,
      board: { id: board.id, name: 'Serial_Board', ispn: 'SERIAL-BOARD', ispnId: 'ISPN-1' },
      publicKey: '-----BEGIN PUBLIC KEY-----\nMFkw\n-----END PUBLIC KEY-----',
      generatedAt: expect.any(String),
      serialNumbers: (await everySerial()).map(({ value, multiRegistration }) => ({
        value,
        multiRegistration,
      })),
    });
  });

  it('refuses the Sik file of a board without ISPN with 409', async () => {
    const error = expectError(await call('GET', `/api/v1/boards/${other.id}/sik`, s.admin), 409, 'conflict');
    expect(error.errors[0]!.resources).toEqual(['ispn']);
    expectError(await call('GET', `/api/v1/boards/${UNKNOWN}/sik`, s.admin), 404, 'not_found');
    expectError(await call('GET', `/api/v1/boards/${board.id}/sik`, s.csa), 403, 'forbidden');
  });
});
