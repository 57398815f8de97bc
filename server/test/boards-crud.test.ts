import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_ESIM_SERIAL_NUMBER,
  RELEASE_FLAG_READ_ONLY_MESSAGE,
  type BoardRecord,
} from '@portal/resources';
import { boards } from '../src/db/schema.js';
import { ApiError } from '../src/transport/errors.js';
import { sqlState } from '../src/transport/database-errors.js';
import { boardsRepository } from '../src/modules/boards/boards.module.js';
import { serialNumbers } from '../src/db/schema-boards.js';
import { projects } from '../src/db/schema-projects.js';
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

beforeAll(async () => {
  s = await startBoardsTest();
  call = caller(s.t);
});
afterAll(() => s?.t.close());

const readBoard = async (id: string) =>
  expectOk<BoardRecord>(await call('GET', `/api/v1/boards/${id}`, s.admin));
const boardCount = async () => (await s.t.database.db.select({ n: count() }).from(boards))[0]!.n;

describe('reading boards', () => {
  it('lists boards with every field of the board form, the release flag read-only where BSG provides it', async () => {
    const response = await call(
      'GET',
      listUrl('/api/v1/boards', { sort: ['name', 'ASC'] }),
      s.admin,
      undefined,
      {
        range: 'boards=0-39',
      },
    );
    const rows = expectOk<BoardRecord[]>(response);
    expect(rows).toHaveLength(40);
    expect(response.headers['content-range']).toBe('boards 0-39/41');
    // The eSIM board (demo-projects.ts) carries its own serial number and no product page; the rest are alike.
    for (const board of rows.filter((row) => row.serialnumber !== DEFAULT_ESIM_SERIAL_NUMBER)) {
      expect(board).toEqual({
        id: expect.any(String),
        ispnId: expect.any(String),
        ispn: expect.any(String),
        name: expect.any(String),
        description: expect.any(String),
        type: expect.any(String),
        source: expect.stringMatching(/^(BSG|portal)$/),
        version: expect.any(String),
        productPageUrl: expect.stringMatching(/^https:/),
        image: null,
        serialnumberRequired: expect.any(Boolean),
        releasedForRegistration: expect.any(Boolean),
        restrictedAccess: expect.any(Boolean),
        secure: expect.any(Boolean),
        showInRegistrationPage: true,
        productType: expect.stringMatching(/^(chip|board)$/),
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
        features: [],
        benefits: [],
        serialnumber: null,
        publicKey: null,
        supportLink: null,
        releaseFlagReadOnly: board.source === 'BSG',
      });
    }
    expect(rows.some((board) => board.releaseFlagReadOnly)).toBe(true);
  });

  it('filters by the definition’s filters and q', async () => {
    const secure = expectOk<BoardRecord[]>(
      await call('GET', listUrl('/api/v1/boards', { filter: { secure: true } }), s.admin),
    );
    expect(secure.length).toBe(8);
    expect(secure.every((board) => board.secure)).toBe(true);
    const boardsOnly = expectOk<BoardRecord[]>(
      await call(
        'GET',
        listUrl('/api/v1/boards', { filter: { productType: 'board', q: 'shield' } }),
        s.admin,
      ),
    );
    expect(boardsOnly.length).toBe(5);
    expect(boardsOnly.every((board) => board.productType === 'board' && /shield/i.test(board.name))).toBe(
      true,
    );
  });

  it('answers one board, 404 for an unknown id and 400 for a malformed one', async () => {
    const [first] = expectOk<BoardRecord[]>(
      await call('GET', '/api/v1/boards', s.admin, undefined, { range: 'boards=0-0' }),
    );
    expect(await readBoard(first!.id)).toEqual(first);
    const missing = expectError(await call('GET', `/api/v1/boards/${UNKNOWN}`, s.admin), 404, 'not_found');
    // The same 404 as every route under a board answers for an unknown board.
    expect(missing.errors[0]).toMatchObject({ resources: ['board'], messages: ['Board not found.'] });
    expectError(await call('GET', '/api/v1/boards/not-a-uuid', s.admin), 400, 'invalid_request');
  });

  it('refuses everyone but admins', async () => {
    for (const tokens of [s.customer, s.csa]) {
      expectError(await call('GET', '/api/v1/boards', tokens), 403, 'forbidden');
    }
    expectError(await call('GET', '/api/v1/boards', null), 401, 'unauthorized');
  });
});

describe('creating boards', () => {
  it('creates a board from its name alone with the defaults of the table, audited', async () => {
    const since = await lastAuditId(s.t);
    const board = await createBoard(s.t, s.admin, { name: 'XMC4700_Relax-Kit' });
    expect(board).toMatchObject({
      name: 'XMC4700_Relax-Kit',
      ispn: null,
      source: 'portal',
      serialnumberRequired: true,
      releasedForRegistration: false,
      restrictedAccess: false,
      secure: false,
      showInRegistrationPage: true,
      productType: 'chip',
      features: [],
      benefits: [],
      supportLink: null,
      releaseFlagReadOnly: false,
    });
    expect(await readBoard(board.id)).toEqual(board);
    const [entry] = await auditSince(s.t, since);
    expect(entry).toMatchObject({ action: 'create', entity: 'board', entityId: board.id, after: board });
    expect(entry!.actorId).toBeTruthy();
  });

  it('stores every field of the board form', async () => {
    const body = {
      name: 'RF4711_Radar_Kit',
      ispnId: 'ISPN-77',
      ispn: 'RF4711 RADAR-KIT',
      description: 'A radar front end.',
      type: 'RF',
      version: '2.1',
      productPageUrl: 'https://www.example.com/rf4711',
      image: '/images/rf4711.png',
      features: ['60 GHz', 'Two antennas'],
      benefits: ['Small'],
      serialnumber: 'ESIM0000EVAL',
      publicKey: '-----BEGIN PUBLIC KEY-----\nMFkw\n-----END PUBLIC KEY-----',
      supportLink: 'mailto:radar@example.com',
      serialnumberRequired: false,
      releasedForRegistration: true,
      restrictedAccess: true,
      secure: true,
      showInRegistrationPage: false,
      productType: 'board',
    };
    const board = await createBoard(s.t, s.admin, body);
    expect(board).toMatchObject({ ...body, source: 'portal', releaseFlagReadOnly: false });
    expect(await readBoard(board.id)).toEqual(board);
  });

  it('treats empty optional texts as none', async () => {
    const board = await createBoard(s.t, s.admin, {
      name: 'Empty_Texts',
      ispn: '',
      description: '  ',
      supportLink: '',
      image: '',
    });
    expect(board).toMatchObject({ ispn: null, description: null, supportLink: null, image: null });
  });

  it('refuses what breaks the rules of spec §5 with 400 on the field, creating nothing', async () => {
    const before = await boardCount();
    const cases: [Record<string, unknown>, string][] = [
      [{ name: 'Relax Kit' }, 'Board name may contain only letters, digits, - and _.'],
      [{ name: '' }, 'Board name is required.'],
      [{}, ''],
      [
        { name: 'Ok1', ispn: 'XMC#1' },
        'Product identifier may contain only letters, digits, spaces, - and _.',
      ],
      [
        { name: 'Ok1', supportLink: 'support@example.com' },
        'Please enter a web address starting with http:// or https://, or mailto: followed by an email address.',
      ],
      [{ name: 'Ok1', supportLink: 'mailto:nobody' }, ''],
      [
        { name: 'Ok1', productPageUrl: 'javascript:alert(1)' },
        'Please enter a valid URL starting with http:// or https://.',
      ],
      [{ name: 'Ok1', image: '//evil.example.com/x.png' }, ''],
      [{ name: 'Ok1', features: ['one\ntwo'] }, 'A bullet point is one line of text.'],
      [
        { name: 'Ok1', serialnumber: 'SN-1' },
        'Validation error. A serial number may consist only of letters and numbers.',
      ],
      [{ name: 'Ok1', productType: 'module' }, ''],
      [{ name: 'Ok1', secure: 'yes' }, ''],
    ];
    for (const [body, message] of cases) {
      const error = expectError(await call('POST', '/api/v1/boards', s.admin, body), 400, 'invalid_request');
      if (message)
        expect(
          error.errors.flatMap((e) => e.messages),
          JSON.stringify(body),
        ).toContain(message);
    }
    expect(await boardCount()).toBe(before);
  });

  it('refuses a name in use with 409 duplicate', async () => {
    const before = await boardCount();
    const error = expectError(
      await call('POST', '/api/v1/boards', s.admin, { name: 'XMC4700_Relax-Kit' }),
      409,
      'duplicate',
    );
    expect(error.errors[0]!.resources).toEqual(['name']);
    expect(await boardCount()).toBe(before);
  });

  it('refuses non-admins before reading the body', async () => {
    const before = await boardCount();
    for (const tokens of [s.customer, s.csa]) {
      expectError(await call('POST', '/api/v1/boards', tokens, { name: 'Mine' }), 403, 'forbidden');
    }
    expect(await boardCount()).toBe(before);
  });
});

describe('updating boards', () => {
  it('changes the fields sent and keeps the others, audited with before and after', async () => {
    const board = await createBoard(s.t, s.admin, {
      name: 'Update_Me',
      description: 'Keep me',
      features: ['A'],
    });
    const since = await lastAuditId(s.t);
    const updated = expectOk<BoardRecord>(
      await call('PUT', `/api/v1/boards/${board.id}`, s.admin, {
        releasedForRegistration: true,
        restrictedAccess: true,
        secure: true,
        productType: 'board',
        benefits: ['Fast', 'Cheap'],
        supportLink: 'https://support.example.com/kit',
      }),
    );
    expect(updated).toMatchObject({
      name: 'Update_Me',
      description: 'Keep me',
      features: ['A'],
      benefits: ['Fast', 'Cheap'],
      releasedForRegistration: true,
      restrictedAccess: true,
      secure: true,
      productType: 'board',
      supportLink: 'https://support.example.com/kit',
    });
    expect(Date.parse(updated.updatedAt)).toBeGreaterThanOrEqual(Date.parse(board.updatedAt));
    expect(await readBoard(board.id)).toEqual(updated);
    const [entry] = await auditSince(s.t, since);
    expect(entry).toMatchObject({
      action: 'update',
      entity: 'board',
      entityId: board.id,
      before: board,
      after: updated,
    });
  });

  it('takes the whole record back as react-admin sends it, ignoring read-only fields', async () => {
    const board = await createBoard(s.t, s.admin, { name: 'Round_Trip' });
    const sent = {
      ...board,
      description: 'Edited',
      source: 'BSG',
      id: UNKNOWN,
      createdAt: '2000-01-01T00:00:00Z',
    };
    const updated = expectOk<BoardRecord>(await call('PUT', `/api/v1/boards/${board.id}`, s.admin, sent));
    expect(updated).toMatchObject({
      id: board.id,
      description: 'Edited',
      source: 'portal',
      createdAt: board.createdAt,
    });
  });

  it('refuses to change the release flag of a board whose source (BSG) provides it, changing nothing', async () => {
    const [row] = await s.t.database.db.select().from(boards).where(eq(boards.source, 'BSG')).limit(1);
    const before = await readBoard(row!.id);
    expect(before.releaseFlagReadOnly).toBe(true);
    const error = expectError(
      await call('PUT', `/api/v1/boards/${row!.id}`, s.admin, {
        ...before,
        description: 'Should not be saved',
        releasedForRegistration: !before.releasedForRegistration,
      }),
      409,
      'conflict',
    );
    expect(error.errors[0]).toMatchObject({
      resources: ['releasedForRegistration'],
      messages: [RELEASE_FLAG_READ_ONLY_MESSAGE],
    });
    expect(await readBoard(row!.id)).toEqual(before);

    // The same value, and every other field, may still be saved.
    const saved = expectOk<BoardRecord>(
      await call('PUT', `/api/v1/boards/${row!.id}`, s.admin, { ...before, description: 'Imported, edited' }),
    );
    expect(saved).toMatchObject({
      description: 'Imported, edited',
      releasedForRegistration: before.releasedForRegistration,
    });
  });

  it('reads BSG anywhere in the comma list of sources', async () => {
    const board = await createBoard(s.t, s.admin, { name: 'Mixed_Source' });
    await s.t.database.db.update(boards).set({ source: 'portal, bsg' }).where(eq(boards.id, board.id));
    expect((await readBoard(board.id)).releaseFlagReadOnly).toBe(true);
    expectError(
      await call('PUT', `/api/v1/boards/${board.id}`, s.admin, { releasedForRegistration: true }),
      409,
      'conflict',
    );
  });

  it('refuses a rename to a name in use, a broken rule, an unknown board and non-admins, changing nothing', async () => {
    const board = await createBoard(s.t, s.admin, { name: 'Keep_Name' });
    expectError(
      await call('PUT', `/api/v1/boards/${board.id}`, s.admin, { name: 'XMC4700_Relax-Kit' }),
      409,
      'duplicate',
    );
    expectError(
      await call('PUT', `/api/v1/boards/${board.id}`, s.admin, { supportLink: 'ftp://example.com' }),
      400,
      'invalid_request',
    );
    expectError(await call('PUT', `/api/v1/boards/${UNKNOWN}`, s.admin, { name: 'Ghost' }), 404, 'not_found');
    expectError(
      await call('PUT', `/api/v1/boards/${board.id}`, s.customer, { name: 'Hacked' }),
      403,
      'forbidden',
    );
    expect(await readBoard(board.id)).toEqual(board);
  });
});

describe('deleting boards', () => {
  it('deletes a board with what hangs under it and answers the record, audited', async () => {
    const board = await createBoard(s.t, s.admin, { name: 'Delete_Me' });
    expectOk(
      await call('POST', `/api/v1/boards/${board.id}/serial-numbers`, s.admin, {
        serialNumbers: 'DELME1\nDELME2',
      }),
      201,
    );
    const since = await lastAuditId(s.t);
    expect(expectOk<BoardRecord>(await call('DELETE', `/api/v1/boards/${board.id}`, s.admin))).toEqual(board);
    expectError(await call('GET', `/api/v1/boards/${board.id}`, s.admin), 404, 'not_found');
    const left = await s.t.database.db
      .select()
      .from(serialNumbers)
      .where(eq(serialNumbers.boardId, board.id));
    expect(left).toEqual([]);
    const [entry] = await auditSince(s.t, since);
    expect(entry).toMatchObject({ action: 'delete', entity: 'board', entityId: board.id, before: board });
    expectError(await call('DELETE', `/api/v1/boards/${board.id}`, s.admin), 404, 'not_found');
  });

  it('refuses to delete a board with registered projects with 409, changing nothing', async () => {
    const board = await createBoard(s.t, s.admin, { name: 'Has_Projects' });
    await s.t.database.db.insert(projects).values({ name: 'Motor control', boardId: board.id });
    const since = await lastAuditId(s.t);
    const error = expectError(await call('DELETE', `/api/v1/boards/${board.id}`, s.admin), 409, 'conflict');
    expect(error.errors[0]!.messages[0]).toBe('This board has a registered project and cannot be deleted.');
    expect(await readBoard(board.id)).toEqual(board);
    expect(await auditSince(s.t, since)).toEqual([]);
  });

  it('answers a project registered between the check and the delete (the foreign key) with the same 409', async () => {
    const board = await createBoard(s.t, s.admin, { name: 'Raced_Projects' });
    await s.t.database.db.insert(projects).values({ name: 'Raced', boardId: board.id });
    // The delete the route runs after its check, as the database refuses it once a project came in between.
    const refusal = await s.t.database.db
      .delete(boards)
      .where(eq(boards.id, board.id))
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(refusal).toBeDefined();
    // PostgreSQL 15 reports the RESTRICT key as 23503, PGlite (PostgreSQL 17) as 23001: both are the race.
    expect(['23503', '23001']).toContain(sqlState(refusal));
    const mapped = boardsRepository.writeError!(refusal, 'delete') as ApiError;
    expect(mapped).toBeInstanceOf(ApiError);
    expect(mapped.status).toBe(409);
    expect(mapped.errors[0]!.messages[0]).toBe('This board has a registered project and cannot be deleted.');
    expect(boardsRepository.writeError!(refusal, 'edit')).toBeUndefined();
  });

  it('refuses non-admins', async () => {
    const board = await createBoard(s.t, s.admin, { name: 'Not_Yours' });
    expectError(await call('DELETE', `/api/v1/boards/${board.id}`, s.csa), 403, 'forbidden');
    expect(await readBoard(board.id)).toEqual(board);
  });
});
