import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BoardRecord, Partner } from '@portal/resources';
import { boardPartners, partners } from '../src/db/schema-boards.js';
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
let boards: BoardRecord[];

beforeAll(async () => {
  s = await startBoardsTest();
  call = caller(s.t);
  boards = [
    await createBoard(s.t, s.admin, { name: 'Partner_Board_1' }),
    await createBoard(s.t, s.admin, { name: 'Partner_Board_2' }),
  ];
});
afterAll(() => s?.t.close());

const path = '/api/v1/partners';
const partnerCount = async () => (await s.t.database.db.select({ n: count() }).from(partners))[0]!.n;
const read = async (id: string) => expectOk<Partner>(await call('GET', `${path}/${id}`, s.admin));
const create = async (body: Record<string, unknown>) =>
  expectOk<Partner>(await call('POST', path, s.admin, body), 201);

let acme: Partner;
let globex: Partner;
let initech: Partner;

describe('creating partners', () => {
  it('creates a partner with name, link and logo, audited', async () => {
    const since = await lastAuditId(s.t);
    acme = await create({
      name: 'Acme',
      linkUrl: 'https://acme.example.com',
      logoUrl: 'https://acme.example.com/logo.png',
    });
    expect(acme).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'Acme',
      linkUrl: 'https://acme.example.com',
      logoUrl: 'https://acme.example.com/logo.png',
      assignedCount: 0,
    });
    expect(await read(acme.id)).toEqual(acme);
    expect(await auditSince(s.t, since)).toMatchObject([
      { action: 'create', entity: 'partner', entityId: acme.id, after: acme },
    ]);
  });

  it('takes a partner without logo, empty or left out', async () => {
    globex = await create({ name: 'Globex', linkUrl: 'https://globex.example.com', logoUrl: '' });
    initech = await create({ name: 'Initech', linkUrl: 'https://initech.example.com' });
    expect([globex.logoUrl, initech.logoUrl]).toEqual([null, null]);
  });

  it('refuses what breaks the partner rules, creating nothing', async () => {
    const before = await partnerCount();
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '', linkUrl: 'https://x.example.com' }, 'Partner name is required.'],
      [
        { name: 'x'.repeat(256), linkUrl: 'https://x.example.com' },
        'Partner name may have at most 255 characters.',
      ],
      [{ name: 'X' }, ''],
      [{ name: 'X', linkUrl: '' }, 'Partner link is required.'],
      [{ name: 'X', linkUrl: 'not a url' }, 'Please enter a valid URL starting with http:// or https://.'],
      [{ name: 'X', linkUrl: 'https://x.example.com', logoUrl: 'javascript:alert(1)' }, ''],
      [
        { name: 'X', linkUrl: `https://x.example.com/${'a'.repeat(2048)}` },
        'A URL may have at most 2048 characters.',
      ],
    ];
    for (const [body, message] of cases) {
      const error = expectError(await call('POST', path, s.admin, body), 400, 'invalid_request');
      if (message)
        expect(
          error.errors.flatMap((e) => e.messages),
          JSON.stringify(body),
        ).toContain(message);
    }
    expect(await partnerCount()).toBe(before);
  });

  it('refuses a name in use, ignoring case, with 409 duplicate', async () => {
    const before = await partnerCount();
    const error = expectError(
      await call('POST', path, s.admin, { name: ' ACME ', linkUrl: 'https://other.example.com' }),
      409,
      'duplicate',
    );
    expect(error.errors[0]!.resources).toEqual(['name']);
    expect(await partnerCount()).toBe(before);
  });
});

describe('assigned count and the list', () => {
  it('counts the boards showing each partner', async () => {
    for (const board of boards) {
      expectOk(
        await call('POST', `/api/v1/boards/${board.id}/partners`, s.admin, { partnerId: globex.id }),
        201,
      );
    }
    expectOk(
      await call('POST', `/api/v1/boards/${boards[0]!.id}/partners`, s.admin, { partnerId: acme.id }),
      201,
    );
    expect((await read(globex.id)).assignedCount).toBe(2);
    expect((await read(acme.id)).assignedCount).toBe(1);
  });

  it('pages, sorts by name and by assigned count, filters and searches in SQL', async () => {
    const response = await call('GET', path, s.admin, undefined, { range: 'partners=0-1' });
    expect(expectOk<Partner[]>(response).map((p) => p.name)).toEqual(['Acme', 'Globex']);
    expect(response.headers['content-range']).toBe('partners 0-1/3');
    const names = async (params: Record<string, unknown>) =>
      expectOk<Partner[]>(await call('GET', listUrl(path, params), s.admin)).map((p) => p.name);
    expect(await names({ sort: ['assignedCount', 'DESC'] })).toEqual(['Globex', 'Acme', 'Initech']);
    expect(await names({ sort: ['name', 'DESC'] })).toEqual(['Initech', 'Globex', 'Acme']);
    expect(await names({ filter: { name: 'glo' } })).toEqual(['Globex']);
    expect(await names({ filter: { q: 'initech.example' } })).toEqual(['Initech']);
    expect(await names({ filter: { id: [acme.id, initech.id] } })).toEqual(['Acme', 'Initech']);
    expectError(
      await call('GET', listUrl(path, { sort: ['logoUrl', 'ASC'] }), s.admin),
      400,
      'invalid_request',
    );
    expectError(
      await call('GET', listUrl(path, { filter: { linkUrl: 'x' } }), s.admin),
      400,
      'invalid_request',
    );
  });
});

describe('updating and deleting partners', () => {
  it('updates a partner and keeps its assignments, audited', async () => {
    const since = await lastAuditId(s.t);
    const updated = expectOk<Partner>(
      await call('PUT', `${path}/${globex.id}`, s.admin, {
        ...globex,
        name: 'Globex Corporation',
        logoUrl: 'https://globex.example.com/logo.svg',
      }),
    );
    expect(updated).toEqual({
      ...globex,
      name: 'Globex Corporation',
      logoUrl: 'https://globex.example.com/logo.svg',
      assignedCount: 2,
    });
    expect(await read(globex.id)).toEqual(updated);
    expect(await auditSince(s.t, since)).toMatchObject([
      { action: 'update', entity: 'partner', entityId: globex.id, after: updated },
    ]);
    globex = updated;
  });

  it('refuses a rename to a name in use, a broken rule, an unknown partner, changing nothing', async () => {
    expectError(
      await call('PUT', `${path}/${globex.id}`, s.admin, { name: 'acme', linkUrl: globex.linkUrl }),
      409,
      'duplicate',
    );
    expectError(
      await call('PUT', `${path}/${globex.id}`, s.admin, {
        name: 'Globex',
        linkUrl: 'ftp://globex.example.com',
      }),
      400,
      'invalid_request',
    );
    expectError(
      await call('PUT', `${path}/${UNKNOWN}`, s.admin, { name: 'Ghost', linkUrl: 'https://x.example.com' }),
      404,
      'not_found',
    );
    expect(await read(globex.id)).toEqual(globex);
  });

  it('deletes a partner, which the boards stop showing, answering it with the count it had', async () => {
    const since = await lastAuditId(s.t);
    expect(expectOk<Partner>(await call('DELETE', `${path}/${globex.id}`, s.admin))).toEqual(globex);
    expectError(await call('GET', `${path}/${globex.id}`, s.admin), 404, 'not_found');
    const shown = expectOk<Partner[]>(await call('GET', `/api/v1/boards/${boards[1]!.id}/partners`, s.admin));
    expect(shown).toEqual([]);
    expect((await s.t.database.db.select({ n: count() }).from(boardPartners))[0]!.n).toBe(1);
    expect(await auditSince(s.t, since)).toMatchObject([
      { action: 'delete', entity: 'partner', entityId: globex.id, before: globex },
    ]);
    expectError(await call('DELETE', `${path}/${globex.id}`, s.admin), 404, 'not_found');
  });

  it('is admin only', async () => {
    const before = await partnerCount();
    for (const tokens of [s.customer, s.csa]) {
      expectError(await call('GET', path, tokens), 403, 'forbidden');
      expectError(
        await call('POST', path, tokens, { name: 'Mine', linkUrl: 'https://x.example.com' }),
        403,
        'forbidden',
      );
      expectError(await call('DELETE', `${path}/${acme.id}`, tokens), 403, 'forbidden');
    }
    expectError(await call('GET', path, null), 401, 'unauthorized');
    expect(await partnerCount()).toBe(before);
    expect(await read(acme.id)).toEqual({ ...acme, assignedCount: 1 });
  });
});
