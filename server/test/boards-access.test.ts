import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Board, BoardRecord, BoardUserLink, CompanySpace, RestrictionEntry } from '@portal/resources';
import { boardPermissions, boardUserLinks } from '../src/db/schema-boards.js';
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
import { signIn, type Tokens } from './support/sign-in.js';

let s: BoardsTest;
let call: ReturnType<typeof caller>;
let internal: Tokens;
let board: BoardRecord;
let second: BoardRecord;
let unlinked: BoardRecord;

beforeAll(async () => {
  s = await startBoardsTest();
  call = caller(s.t);
  internal = await signIn(s.t.app, { email: 'internal@portal.test' });
  board = await createBoard(s.t, s.admin, { name: 'Access_Board', restrictedAccess: true });
  second = await createBoard(s.t, s.admin, { name: 'Access_Second' });
  unlinked = await createBoard(s.t, s.admin, { name: 'Access_Unlinked' });
  // internal@portal.test signs in (so the portal knows them) and belongs to another company space.
  const globex = expectOk<CompanySpace>(
    await call('POST', '/api/v1/company-spaces', s.admin, { name: 'Globex' }),
    201,
  );
  expectOk(
    await call('POST', `/api/v1/company-spaces/${globex.uuid}/members`, s.admin, {
      email: 'internal@portal.test',
    }),
  );
});
afterAll(() => s?.t.close());

const rowsOf = async (table: typeof boardPermissions | typeof boardUserLinks) =>
  (await s.t.database.db.select({ n: count() }).from(table))[0]!.n;

describe('board permissions (calls §7.2)', () => {
  const path = (id = board.id) => `/api/v1/boards/${id}/permissions`;
  const permissions = async () => expectOk<RestrictionEntry[]>(await call('GET', path(), s.admin));

  it('grants a permission by user email (any case) and answers the created permission, audited', async () => {
    expect(await permissions()).toEqual([]);
    const since = await lastAuditId(s.t);
    const created = expectOk<RestrictionEntry>(
      await call('POST', path(), s.admin, { userEmail: 'Customer@Portal.Test' }),
      201,
    );
    expect(created).toEqual({
      userId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      email: 'customer@portal.test',
    });
    expectOk(await call('POST', path(), s.admin, { userEmail: 'csa@portal.test' }), 201);
    expect((await permissions()).map((p) => p.email)).toEqual(['csa@portal.test', 'customer@portal.test']);
    expect(await auditSince(s.t, since)).toMatchObject([
      { action: 'grant_permission', entity: 'board', entityId: board.id, after: created },
      { action: 'grant_permission' },
    ]);
  });

  it('refuses a duplicate (409), an unknown user (404), an invalid email (400), changing nothing', async () => {
    const before = await rowsOf(boardPermissions);
    expectError(await call('POST', path(), s.admin, { userEmail: 'customer@portal.test' }), 409, 'duplicate');
    const unknown = expectError(
      await call('POST', path(), s.admin, { userEmail: 'nobody@example.com' }),
      404,
      'not_found',
    );
    expect(unknown.errors[0]).toMatchObject({ resources: ['userEmail'], messages: ['User not found.'] });
    expectError(await call('POST', path(), s.admin, { userEmail: 'not-an-email' }), 400, 'invalid_request');
    expectError(
      await call('POST', path(), s.admin, { email: 'customer@portal.test' }),
      400,
      'invalid_request',
    );
    expectError(
      await call('POST', path(UNKNOWN), s.admin, { userEmail: 'customer@portal.test' }),
      404,
      'not_found',
    );
    expect(await rowsOf(boardPermissions)).toBe(before);
  });

  it('revokes per user id and answers the revoked permission, audited', async () => {
    const [csaPermission] = await permissions();
    const since = await lastAuditId(s.t);
    expect(expectOk(await call('DELETE', `${path()}/${csaPermission!.userId}`, s.admin))).toEqual(
      csaPermission,
    );
    expect((await permissions()).map((p) => p.email)).toEqual(['customer@portal.test']);
    expect(await auditSince(s.t, since)).toMatchObject([
      { action: 'revoke_permission', before: csaPermission },
    ]);
    expectError(await call('DELETE', `${path()}/${csaPermission!.userId}`, s.admin), 404, 'not_found');
    expectError(
      await call('DELETE', `${path(second.id)}/${csaPermission!.userId}`, s.admin),
      404,
      'not_found',
    );
  });

  it('lists from its definition: sorted by email, ranged, searched; 404 for an unknown board', async () => {
    const page = await call('GET', path(), s.admin, undefined, { range: 'permissions=0-0' });
    expect(expectOk<RestrictionEntry[]>(page).map((p) => p.email)).toEqual(['customer@portal.test']);
    expect(page.headers['content-range']).toBe('permissions 0-0/1');
    expect(expectOk(await call('GET', `${path()}?q=nobody`, s.admin))).toEqual([]);
    expect(expectOk(await call('GET', path(second.id), s.admin))).toEqual([]);
    expectError(await call('GET', path(UNKNOWN), s.admin), 404, 'not_found');
    expectError(await call('GET', path('not-a-uuid'), s.admin), 400, 'invalid_request');
  });

  it('is admin only', async () => {
    const before = await permissions();
    expectError(await call('GET', path(), s.csa), 403, 'forbidden');
    expectError(await call('GET', path(), s.customer), 403, 'forbidden');
    expectError(await call('GET', path(), internal), 403, 'forbidden');
    expectError(await call('POST', path(), s.csa, { userEmail: 'csa@portal.test' }), 403, 'forbidden');
    expectError(await call('DELETE', `${path()}/${before[0]!.userId}`, s.customer), 403, 'forbidden');
    expect(await permissions()).toEqual(before);
  });
});

describe('board links to company space admins', () => {
  const path = '/api/v1/board-csa-links';
  let link: BoardUserLink;

  it('links a board to a company space admin by email, audited', async () => {
    const since = await lastAuditId(s.t);
    link = expectOk<BoardUserLink>(
      await call('POST', path, s.admin, { boardId: board.id, userEmail: 'CSA@portal.test' }),
      201,
    );
    expect(link).toEqual({
      id: expect.any(String),
      boardId: board.id,
      boardName: 'Access_Board',
      userEmail: 'csa@portal.test',
    });
    expect(expectOk(await call('GET', `${path}/${link.id}`, s.admin))).toEqual(link);
    expect(await auditSince(s.t, since)).toMatchObject([
      { action: 'create', entity: 'board_csa_link', entityId: link.id, after: link },
    ]);
    expectOk(await call('POST', path, s.admin, { boardId: second.id, userEmail: 'csa@portal.test' }), 201);
  });

  it('lists with Range, sort and filters', async () => {
    const response = await call('GET', listUrl(path, { sort: ['boardName', 'DESC'] }), s.admin, undefined, {
      range: 'board-csa-links=0-9',
    });
    expect(expectOk<BoardUserLink[]>(response).map((l) => l.boardName)).toEqual([
      'Access_Second',
      'Access_Board',
    ]);
    expect(response.headers['content-range']).toBe('board-csa-links 0-1/2');
    const filtered = expectOk<BoardUserLink[]>(
      await call('GET', listUrl(path, { filter: { boardId: board.id } }), s.admin),
    );
    expect(filtered).toEqual([link]);
    expect(
      expectOk<BoardUserLink[]>(await call('GET', listUrl(path, { filter: { q: 'second' } }), s.admin)),
    ).toHaveLength(1);
    // A list of boards, and react-admin's getMany by ids: each list one array parameter, asked in turn.
    const names = async (filter: Record<string, unknown>) =>
      expectOk<BoardUserLink[]>(await call('GET', listUrl(path, { filter }), s.admin)).map(
        (l) => l.boardName,
      );
    for (let round = 0; round < 2; round += 1) {
      expect(await names({ boardId: [board.id, second.id] })).toEqual(['Access_Board', 'Access_Second']);
      expect(await names({ boardId: [second.id] })).toEqual(['Access_Second']);
      expect(await names({ boardId: [UNKNOWN] })).toEqual([]);
      expect(await names({ id: [link.id] })).toEqual(['Access_Board']);
      expect(await names({ id: [link.id, UNKNOWN] })).toEqual(['Access_Board']);
    }
  });

  it('refuses a user outside every company space, unknown boards and users, and duplicates', async () => {
    const before = await rowsOf(boardUserLinks);
    const outside = expectError(
      await call('POST', path, s.admin, { boardId: board.id, userEmail: 'admin@portal.test' }),
      409,
      'no_company_space',
    );
    expect(outside.errors[0]).toMatchObject({
      resources: ['userEmail'],
      messages: ['This user does not belong to any company space.'],
    });
    expectError(
      await call('POST', path, s.admin, { boardId: UNKNOWN, userEmail: 'csa@portal.test' }),
      404,
      'not_found',
    );
    expectError(
      await call('POST', path, s.admin, { boardId: board.id, userEmail: 'nobody@example.com' }),
      404,
      'not_found',
    );
    expectError(
      await call('POST', path, s.admin, { boardId: board.id, userEmail: 'csa@portal.test' }),
      409,
      'duplicate',
    );
    expectError(
      await call('POST', path, s.admin, { boardId: 'x', userEmail: 'csa@portal.test' }),
      400,
      'invalid_request',
    );
    expect(await rowsOf(boardUserLinks)).toBe(before);
  });

  it('is admin only, even for the company space admin themself', async () => {
    const before = await rowsOf(boardUserLinks);
    expectError(await call('GET', path, s.csa), 403, 'forbidden');
    expectError(
      await call('POST', path, s.csa, { boardId: unlinked.id, userEmail: 'csa@portal.test' }),
      403,
      'forbidden',
    );
    expectError(await call('DELETE', `${path}/${link.id}`, s.csa), 403, 'forbidden');
    expect(await rowsOf(boardUserLinks)).toBe(before);
  });
});

describe('board links to company space viewers', () => {
  const path = '/api/v1/board-viewer-links';
  let customerLink: BoardUserLink;
  let internalLink: BoardUserLink;

  it('gives admins and company space admins the boards to choose from', async () => {
    for (const tokens of [s.admin, s.csa]) {
      const page = await call('GET', listUrl(`${path}/boards`, { filter: { q: 'access_' } }), tokens);
      expect(expectOk<Board[]>(page).map((b) => b.name)).toEqual([
        'Access_Board',
        'Access_Second',
        'Access_Unlinked',
      ]);
      const every = await call('GET', `${path}/boards`, tokens, undefined, { range: 'boards=0-0' });
      expect(every.headers['content-range']).toBe('boards 0-0/44');
    }
    expectError(await call('GET', `${path}/boards`, s.customer), 403, 'forbidden');
  });

  it('lets a company space admin link their own space’s members to boards linked to them, audited', async () => {
    const since = await lastAuditId(s.t);
    customerLink = expectOk<BoardUserLink>(
      await call('POST', path, s.csa, { boardId: board.id, userEmail: 'customer@portal.test' }),
      201,
    );
    expect(customerLink).toMatchObject({
      boardId: board.id,
      boardName: 'Access_Board',
      userEmail: 'customer@portal.test',
    });
    expect(await auditSince(s.t, since)).toMatchObject([
      { action: 'create', entity: 'board_viewer_link', entityId: customerLink.id, after: customerLink },
    ]);
  });

  it('refuses a company space admin a user of another space or of none, and duplicates', async () => {
    const before = await rowsOf(boardUserLinks);
    expectError(
      await call('POST', path, s.csa, { boardId: board.id, userEmail: 'internal@portal.test' }),
      403,
      'wrong_company_space',
    );
    expectError(
      await call('POST', path, s.csa, { boardId: board.id, userEmail: 'admin@portal.test' }),
      403,
      'wrong_company_space',
    );
    expectError(
      await call('POST', path, s.csa, { boardId: board.id, userEmail: 'customer@portal.test' }),
      409,
      'duplicate',
    );
    expect(await rowsOf(boardUserLinks)).toBe(before);
  });

  it('lets a company space admin link any board for the people of their space', async () => {
    const promoted = expectOk<BoardUserLink>(
      await call('POST', path, s.csa, { boardId: unlinked.id, userEmail: 'promoted@portal.test' }),
      201,
    );
    expect(expectOk(await call('DELETE', `${path}/${promoted.id}`, s.csa))).toEqual(promoted);
  });

  it('lets an admin link any board to a user of any company space, not to someone outside every space', async () => {
    internalLink = expectOk<BoardUserLink>(
      await call('POST', path, s.admin, { boardId: unlinked.id, userEmail: 'internal@portal.test' }),
      201,
    );
    const before = await rowsOf(boardUserLinks);
    expectError(
      await call('POST', path, s.admin, { boardId: unlinked.id, userEmail: 'admin@portal.test' }),
      409,
      'no_company_space',
    );
    expect(await rowsOf(boardUserLinks)).toBe(before);
  });

  it('shows a company space admin only the links of their own space; an admin all of them', async () => {
    expect(expectOk<BoardUserLink[]>(await call('GET', path, s.csa))).toEqual([customerLink]);
    const all = await call('GET', path, s.admin, undefined, { range: 'board-viewer-links=0-9' });
    expect(
      expectOk<BoardUserLink[]>(all)
        .map((l) => l.userEmail)
        .sort(),
    ).toEqual(['customer@portal.test', 'internal@portal.test']);
    expect(all.headers['content-range']).toBe('board-viewer-links 0-1/2');
    expect(expectOk(await call('GET', `${path}/${customerLink.id}`, s.csa))).toEqual(customerLink);
    expectError(await call('GET', `${path}/${internalLink.id}`, s.csa), 403, 'wrong_company_space');
    expectError(await call('GET', `${path}/${UNKNOWN}`, s.csa), 404, 'not_found');
    // A CSA link is not a viewer link.
    const [csaLink] = expectOk<BoardUserLink[]>(await call('GET', '/api/v1/board-csa-links', s.admin));
    expectError(await call('GET', `${path}/${csaLink!.id}`, s.admin), 404, 'not_found');
  });

  it('lets a company space admin remove only their own space’s links', async () => {
    expectError(await call('DELETE', `${path}/${internalLink.id}`, s.csa), 403, 'wrong_company_space');
    const since = await lastAuditId(s.t);
    expect(expectOk(await call('DELETE', `${path}/${customerLink.id}`, s.csa))).toEqual(customerLink);
    expect(await auditSince(s.t, since)).toMatchObject([
      { action: 'delete', entity: 'board_viewer_link', before: customerLink },
    ]);
    expect(expectOk(await call('DELETE', `${path}/${internalLink.id}`, s.admin))).toEqual(internalLink);
    expect(expectOk<BoardUserLink[]>(await call('GET', path, s.admin))).toEqual([]);
  });

  it('refuses everyone else', async () => {
    for (const tokens of [s.customer, internal]) {
      expectError(await call('GET', path, tokens), 403, 'forbidden');
      expectError(
        await call('POST', path, tokens, { boardId: board.id, userEmail: 'customer@portal.test' }),
        403,
        'forbidden',
      );
    }
  });
});
