import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  BoardDocument,
  BoardRecord,
  BoardRestriction,
  GettingStartedStep,
  Link,
  Partner,
  PortalDocument,
} from '@portal/resources';
import { boardDocuments, documents, gettingStartedItems, partners } from '../src/db/schema-boards.js';
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
let second: BoardRecord;
let noIspn: BoardRecord;
let sami: PortalDocument;

beforeAll(async () => {
  s = await startBoardsTest();
  call = caller(s.t);
  board = await createBoard(s.t, s.admin, { name: 'Content_Board', ispn: 'CONTENT-1' });
  second = await createBoard(s.t, s.admin, { name: 'Second_Board', ispn: 'CONTENT-2' });
  noIspn = await createBoard(s.t, s.admin, { name: 'No_Ispn' });
  const [row] = await s.t.database.db
    .insert(documents)
    .values({
      title: 'Datasheet NX',
      type: 'datasheet',
      filename: 'nx-datasheet.pdf',
      url: 'https://sami.example.com/nx-datasheet.pdf',
      source: 'sami',
    })
    .returning();
  sami = {
    id: row!.id,
    title: row!.title,
    type: row!.type,
    filename: row!.filename,
    url: row!.url,
    source: 'sami',
    exclusive: false,
  };
});
afterAll(() => s?.t.close());

const at = (id: string, rest: string) => `/api/v1/boards/${id}/${rest}`;

describe('documents', () => {
  const docs = async (id = board.id) =>
    expectOk<BoardDocument[]>(await call('GET', at(id, 'documents'), s.admin));

  let custom: BoardDocument;

  it('creates a user document on the board, audited', async () => {
    const since = await lastAuditId(s.t);
    custom = expectOk<BoardDocument>(
      await call('POST', at(board.id, 'documents'), s.admin, {
        title: 'Getting started v1.2',
        type: 'user manual',
        filename: 'Getting started (EN)',
        url: 'https://files.example.com/gs.pdf',
        exclusive: true,
      }),
      201,
    );
    expect(custom).toEqual({
      id: expect.any(String),
      title: 'Getting started v1.2',
      type: 'user manual',
      filename: 'Getting started (EN)',
      url: 'https://files.example.com/gs.pdf',
      source: 'custom',
      exclusive: true,
      primary: false,
    });
    expect(await docs()).toEqual([custom]);
    expect(await auditSince(s.t, since)).toMatchObject([
      { action: 'create_document', entity: 'board', entityId: board.id, after: custom },
    ]);
  });

  it('refuses a document against the title and file name rules, creating nothing', async () => {
    for (const body of [
      { title: 'Bad/Title', type: 'x', filename: 'ok', url: 'https://x.example.com', exclusive: false },
      { title: 'Ok', type: 'x', filename: 'bad/name', url: 'https://x.example.com', exclusive: false },
      { title: 'Ok', type: 'x', filename: 'ok', url: 'ftp://x.example.com', exclusive: false },
      { title: '', type: 'x', filename: 'ok', url: 'https://x.example.com', exclusive: false },
    ]) {
      expectError(await call('POST', at(board.id, 'documents'), s.admin, body), 400, 'invalid_request');
    }
    expect(await docs()).toEqual([custom]);
  });

  it('lists documents not yet on the board, and assigns an existing one as primary', async () => {
    const assignable = expectOk<PortalDocument[]>(
      await call(
        'GET',
        listUrl(at(board.id, 'documents/assignable'), { filter: { source: 'sami' } }),
        s.admin,
      ),
    );
    expect(assignable).toEqual([sami]);
    const since = await lastAuditId(s.t);
    const assigned = expectOk<BoardDocument>(
      await call('POST', at(board.id, 'document-assignments'), s.admin, {
        documentId: sami.id,
        primary: true,
      }),
      201,
    );
    expect(assigned).toEqual({ ...sami, primary: true });
    expect(await docs()).toEqual([{ ...sami, primary: true }, custom]);
    expect(
      expectOk<PortalDocument[]>(await call('GET', at(board.id, 'documents/assignable'), s.admin)),
    ).toEqual([]);
    expect(await auditSince(s.t, since)).toMatchObject([{ action: 'assign_document', after: assigned }]);
  });

  it('refuses assigning twice (409 duplicate), an unknown document (404) and any document to a board without ISPN (409)', async () => {
    expectError(
      await call('POST', at(board.id, 'document-assignments'), s.admin, { documentId: sami.id }),
      409,
      'duplicate',
    );
    expectError(
      await call('POST', at(board.id, 'document-assignments'), s.admin, { documentId: UNKNOWN }),
      404,
      'not_found',
    );
    const error = expectError(
      await call('POST', at(noIspn.id, 'document-assignments'), s.admin, { documentId: sami.id }),
      409,
      'conflict',
    );
    expect(error.errors[0]).toMatchObject({
      resources: ['ispn'],
      messages: ['Documents cannot be assigned to a board without an ISPN.'],
    });
    expectError(
      await call('POST', at(noIspn.id, 'documents'), s.admin, {
        title: 'x',
        type: 'x',
        filename: 'x',
        url: 'https://x.example.com',
        exclusive: false,
      }),
      409,
      'conflict',
    );
    expect(await docs(noIspn.id)).toEqual([]);
  });

  it('moves the primary flag: at most one primary document per board', async () => {
    const updated = expectOk<BoardDocument>(
      await call('PUT', at(board.id, `documents/${custom.id}`), s.admin, { primary: true }),
    );
    expect(updated).toEqual({ ...custom, primary: true });
    expect((await docs()).filter((d) => d.primary).map((d) => d.id)).toEqual([custom.id]);
    custom = updated;
  });

  it('edits a user document; a SAMI document only in its exclusive flag', async () => {
    const edited = expectOk<BoardDocument>(
      await call('PUT', at(board.id, `documents/${custom.id}`), s.admin, {
        ...custom,
        title: 'Getting started v1.3',
        exclusive: false,
      }),
    );
    expect(edited).toEqual({ ...custom, title: 'Getting started v1.3', exclusive: false });
    custom = edited;
    const invalid = expectError(
      await call('PUT', at(board.id, `documents/${custom.id}`), s.admin, { ...custom, filename: 'gs/1.pdf' }),
      400,
      'invalid_request',
    );
    expect(invalid.errors[0]).toMatchObject({
      resources: ['filename'],
      messages: ['File name may contain only letters, digits, spaces, dots and - _ ( )'],
    });
    expect((await docs()).find((d) => d.id === custom.id)).toEqual(custom);

    const samiBefore = (await docs()).find((d) => d.id === sami.id)!;
    const error = expectError(
      await call('PUT', at(board.id, `documents/${sami.id}`), s.admin, {
        ...samiBefore,
        title: 'Renamed',
        exclusive: true,
      }),
      409,
      'conflict',
    );
    expect(error.errors[0]!.resources).toEqual(['title']);
    expect((await docs()).find((d) => d.id === sami.id)).toEqual(samiBefore);
    const exclusive = expectOk<BoardDocument>(
      await call('PUT', at(board.id, `documents/${sami.id}`), s.admin, { ...samiBefore, exclusive: true }),
    );
    expect(exclusive).toEqual({ ...samiBefore, exclusive: true });
  });

  it('unassigns a document, which stays for the other boards', async () => {
    expectOk(
      await call('POST', at(second.id, 'document-assignments'), s.admin, { documentId: custom.id }),
      201,
    );
    const since = await lastAuditId(s.t);
    const removed = expectOk<BoardDocument>(
      await call('DELETE', at(second.id, `document-assignments/${custom.id}`), s.admin),
    );
    expect(removed).toEqual({ ...custom, primary: false });
    expect(await docs(second.id)).toEqual([]);
    expect((await docs()).map((d) => d.id)).toContain(custom.id);
    expect(await auditSince(s.t, since)).toMatchObject([
      { action: 'unassign_document', entityId: second.id },
    ]);
    expectError(
      await call('DELETE', at(second.id, `document-assignments/${custom.id}`), s.admin),
      404,
      'not_found',
    );
  });

  it('refuses to delete a SAMI document or one other boards show, deleting nothing', async () => {
    expectError(await call('DELETE', at(board.id, `documents/${sami.id}`), s.admin), 409, 'conflict');
    expectOk(
      await call('POST', at(second.id, 'document-assignments'), s.admin, { documentId: custom.id }),
      201,
    );
    const error = expectError(
      await call('DELETE', at(board.id, `documents/${custom.id}`), s.admin),
      409,
      'conflict',
    );
    expect(error.errors[0]!.messages[0]).toMatch(/also shown on another board/);
    expect((await docs()).map((d) => d.id).sort()).toEqual([custom.id, sami.id].sort());
    expectOk(await call('DELETE', at(second.id, `document-assignments/${custom.id}`), s.admin));
  });

  it('deletes a user document for good, audited', async () => {
    const since = await lastAuditId(s.t);
    expect(expectOk(await call('DELETE', at(board.id, `documents/${custom.id}`), s.admin))).toEqual(custom);
    expect(await s.t.database.db.select().from(documents).where(eq(documents.id, custom.id))).toEqual([]);
    expect(await auditSince(s.t, since)).toMatchObject([{ action: 'delete_document', before: custom }]);
  });

  it('refuses non-admins', async () => {
    const before = await s.t.database.db.select().from(boardDocuments);
    expectError(
      await call('POST', at(second.id, 'document-assignments'), s.csa, { documentId: sami.id }),
      403,
      'forbidden',
    );
    expectError(await call('GET', at(board.id, 'documents'), s.customer), 403, 'forbidden');
    expect(await s.t.database.db.select().from(boardDocuments)).toEqual(before);
  });
});

describe('links', () => {
  const links = async () => expectOk<Link[]>(await call('GET', at(board.id, 'links'), s.admin));
  let forum: Link;
  let wiki: Link;
  let shop: Link;

  it('adds links at the end of the list, audited', async () => {
    const since = await lastAuditId(s.t);
    forum = expectOk<Link>(
      await call('POST', at(board.id, 'links'), s.admin, {
        title: 'Forum',
        url: 'https://forum.example.com',
      }),
      201,
    );
    wiki = expectOk<Link>(
      await call('POST', at(board.id, 'links'), s.admin, { title: 'Wiki', url: 'https://wiki.example.com' }),
      201,
    );
    shop = expectOk<Link>(
      await call('POST', at(board.id, 'links'), s.admin, { title: 'Shop', url: 'https://shop.example.com' }),
      201,
    );
    expect([forum.order, wiki.order, shop.order]).toEqual([0, 1, 2]);
    expect(await links()).toEqual([forum, wiki, shop]);
    expect(await auditSince(s.t, since)).toMatchObject([
      { action: 'add_link', after: forum },
      { action: 'add_link', after: wiki },
      { action: 'add_link', after: shop },
    ]);
  });

  it('keeps concurrent adds in one order without gaps', async () => {
    const other = await createBoard(s.t, s.admin, { name: 'Concurrent_Links' });
    const added = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        call('POST', at(other.id, 'links'), s.admin, { title: `Link ${i}`, url: 'https://x.example.com' }),
      ),
    );
    expect(added.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201]);
    const listed = expectOk<Link[]>(await call('GET', at(other.id, 'links'), s.admin));
    expect(listed.map((link) => link.order)).toEqual([0, 1, 2, 3, 4]);
  });

  it('refuses a link without title or with a bad url', async () => {
    for (const body of [
      { title: '', url: 'https://x.example.com' },
      { title: 'x'.repeat(256), url: 'https://x.example.com' },
      { title: 'X', url: 'javascript:alert(1)' },
      { title: 'X' },
    ]) {
      expectError(await call('POST', at(board.id, 'links'), s.admin, body), 400, 'invalid_request');
    }
    expect(await links()).toEqual([forum, wiki, shop]);
  });

  it('edits a link in place', async () => {
    const edited = expectOk<Link>(
      await call('PUT', at(board.id, `links/${wiki.id}`), s.admin, { title: 'Docs wiki', url: wiki.url }),
    );
    expect(edited).toEqual({ ...wiki, title: 'Docs wiki' });
    wiki = edited;
    expectError(
      await call('PUT', at(second.id, `links/${wiki.id}`), s.admin, { title: 'x', url: wiki.url }),
      404,
      'not_found',
    );
  });

  it('saves a new order given every id, audited', async () => {
    const since = await lastAuditId(s.t);
    const ordered = expectOk<Link[]>(
      await call('PUT', at(board.id, 'links/order'), s.admin, { ids: [shop.id, forum.id, wiki.id] }),
    );
    expect(ordered.map((link) => [link.title, link.order])).toEqual([
      ['Shop', 0],
      ['Forum', 1],
      ['Docs wiki', 2],
    ]);
    expect(await links()).toEqual(ordered);
    expect(await auditSince(s.t, since)).toMatchObject([
      { action: 'order_links', after: [shop.id, forum.id, wiki.id] },
    ]);
  });

  it('refuses an order that does not name exactly the board’s links', async () => {
    const before = await links();
    expectError(
      await call('PUT', at(board.id, 'links/order'), s.admin, { ids: [shop.id, forum.id] }),
      409,
      'conflict',
    );
    expectError(
      await call('PUT', at(board.id, 'links/order'), s.admin, { ids: [shop.id, forum.id, wiki.id, UNKNOWN] }),
      409,
      'conflict',
    );
    expectError(
      await call('PUT', at(board.id, 'links/order'), s.admin, { ids: [shop.id, shop.id, wiki.id] }),
      400,
      'invalid_request',
    );
    expect(await links()).toEqual(before);
  });

  it('deletes a link and closes the gap', async () => {
    const removed = expectOk<Link>(await call('DELETE', at(board.id, `links/${forum.id}`), s.admin));
    expect(removed.title).toBe('Forum');
    expect((await links()).map((link) => [link.title, link.order])).toEqual([
      ['Shop', 0],
      ['Docs wiki', 1],
    ]);
    expectError(await call('DELETE', at(board.id, `links/${forum.id}`), s.admin), 404, 'not_found');
    expectError(await call('DELETE', at(board.id, `links/${shop.id}`), s.csa), 403, 'forbidden');
  });

  it('lists from its definition (range, sort, q) only the board in the path, admins only', async () => {
    const page = await call('GET', at(board.id, 'links'), s.admin, undefined, { range: 'links=1-1' });
    expect(expectOk<Link[]>(page).map((link) => link.title)).toEqual(['Docs wiki']);
    expect(page.headers['content-range']).toBe('links 1-1/2');
    const byTitle = `${at(board.id, 'links')}?sort=${encodeURIComponent('["title","DESC"]')}`;
    expect(expectOk<Link[]>(await call('GET', byTitle, s.admin)).map((link) => link.title)).toEqual([
      'Shop',
      'Docs wiki',
    ]);
    expect(expectOk<Link[]>(await call('GET', `${at(board.id, 'links')}?q=wiki`, s.admin))).toHaveLength(1);
    expect(expectOk(await call('GET', at(second.id, 'links'), s.admin))).toEqual([]);
    // This board's link under another board's path is not found, and changes nothing.
    expectError(
      await call('PUT', at(second.id, `links/${shop.id}`), s.admin, {
        title: 'Moved',
        url: 'https://x.example.com',
      }),
      404,
      'not_found',
    );
    expectError(await call('DELETE', at(second.id, `links/${shop.id}`), s.admin), 404, 'not_found');
    expectError(await call('GET', at(board.id, 'links'), s.csa), 403, 'forbidden');
    expectError(await call('GET', at(board.id, 'links'), s.customer), 403, 'forbidden');
    expectError(await call('GET', at('not-a-uuid', 'links'), s.admin), 400, 'invalid_request');
    expect((await links()).map((link) => link.title)).toEqual(['Shop', 'Docs wiki']);
  });
});

describe('board partners', () => {
  let acme: Partner;
  let globex: Partner;
  const boardPartners = async (id = board.id) =>
    expectOk<Partner[]>(await call('GET', at(id, 'partners'), s.admin));

  beforeAll(async () => {
    acme = expectOk<Partner>(
      await call('POST', '/api/v1/partners', s.admin, { name: 'Acme', linkUrl: 'https://acme.example.com' }),
      201,
    );
    globex = expectOk<Partner>(
      await call('POST', '/api/v1/partners', s.admin, {
        name: 'Globex',
        linkUrl: 'https://globex.example.com',
      }),
      201,
    );
  });

  it('assigns partners and answers them with their assigned count, audited', async () => {
    const since = await lastAuditId(s.t);
    expect(
      expectOk<Partner>(await call('POST', at(board.id, 'partners'), s.admin, { partnerId: globex.id }), 201),
    ).toEqual({ ...globex, assignedCount: 1 });
    expectOk(await call('POST', at(board.id, 'partners'), s.admin, { partnerId: acme.id }), 201);
    expect(
      expectOk<Partner>(await call('POST', at(second.id, 'partners'), s.admin, { partnerId: acme.id }), 201),
    ).toEqual({ ...acme, assignedCount: 2 });
    expect(await boardPartners()).toEqual([
      { ...acme, assignedCount: 2 },
      { ...globex, assignedCount: 1 },
    ]);
    expect(await auditSince(s.t, since)).toMatchObject([
      { action: 'assign_partner', entityId: board.id, after: { partnerId: globex.id, name: 'Globex' } },
      { action: 'assign_partner', entityId: board.id },
      { action: 'assign_partner', entityId: second.id },
    ]);
  });

  it('refuses assigning twice and unknown partners', async () => {
    expectError(
      await call('POST', at(board.id, 'partners'), s.admin, { partnerId: acme.id }),
      409,
      'duplicate',
    );
    expectError(
      await call('POST', at(board.id, 'partners'), s.admin, { partnerId: UNKNOWN }),
      404,
      'not_found',
    );
    expectError(
      await call('POST', at(UNKNOWN, 'partners'), s.admin, { partnerId: acme.id }),
      404,
      'not_found',
    );
    expectError(
      await call('POST', at(board.id, 'partners'), s.admin, { partnerId: 'acme' }),
      400,
      'invalid_request',
    );
    expect((await boardPartners()).map((p) => p.name)).toEqual(['Acme', 'Globex']);
  });

  it('unassigns a partner, which stays', async () => {
    expect(expectOk<Partner>(await call('DELETE', at(board.id, `partners/${acme.id}`), s.admin))).toEqual({
      ...acme,
      assignedCount: 1,
    });
    expect((await boardPartners()).map((p) => p.name)).toEqual(['Globex']);
    expect((await s.t.database.db.select().from(partners).where(eq(partners.id, acme.id))).length).toBe(1);
    expectError(await call('DELETE', at(board.id, `partners/${acme.id}`), s.admin), 404, 'not_found');
    expectError(await call('DELETE', at(board.id, `partners/${globex.id}`), s.csa), 403, 'forbidden');
  });
});

describe('getting-started items', () => {
  const items = async () =>
    expectOk<GettingStartedStep[]>(await call('GET', at(board.id, 'getting-started'), s.admin));
  const save = (body: unknown) => call('PUT', at(board.id, 'getting-started'), s.admin, body);

  it('creates the list in order on save', async () => {
    const saved = expectOk<GettingStartedStep[]>(
      await save({
        items: [
          { title: 'Unbox', description: '<p>Open it</p>' },
          { title: 'Install the IDE', description: null },
          { title: 'Flash the demo' },
        ],
      }),
    );
    expect(saved).toEqual([
      {
        id: expect.any(String),
        title: 'Unbox',
        description: '<p>Open it</p>',
        order: 0,
        dipStepNumber: null,
      },
      { id: expect.any(String), title: 'Install the IDE', description: null, order: 1, dipStepNumber: null },
      { id: expect.any(String), title: 'Flash the demo', description: null, order: 2, dipStepNumber: null },
    ]);
    expect(await items()).toEqual(saved);
  });

  it('applies removals, edits, new items and the new order on save, audited', async () => {
    const [unbox, ide, flash] = await items();
    const since = await lastAuditId(s.t);
    const saved = expectOk<GettingStartedStep[]>(
      await save({
        items: [
          { id: flash!.id, title: 'Flash the demo firmware', description: null },
          { id: ide!.id, title: '', removed: true },
          { title: 'Join the forum', description: null },
          { title: 'Never saved', removed: true },
          { id: unbox!.id, title: 'Unbox', description: '<p>Open it</p>' },
        ],
      }),
    );
    expect(saved.map((item) => [item.title, item.order])).toEqual([
      ['Flash the demo firmware', 0],
      ['Join the forum', 1],
      ['Unbox', 2],
    ]);
    expect(saved[0]!.id).toBe(flash!.id);
    expect(saved[2]!.id).toBe(unbox!.id);
    expect(await items()).toEqual(saved);
    const rows = await s.t.database.db
      .select()
      .from(gettingStartedItems)
      .where(and(eq(gettingStartedItems.id, ide!.id)));
    expect(rows).toEqual([]);
    const [entry] = await auditSince(s.t, since);
    expect(entry).toMatchObject({ action: 'save_getting_started', entityId: board.id, after: saved });
  });

  it('refuses an item without title, a list that misses or invents items, changing nothing', async () => {
    const before = await items();
    const keep = before.map(({ id, title, description }) => ({ id, title, description }));
    const error = expectError(
      await save({ items: [...keep, { title: ' ', description: null }] }),
      400,
      'invalid_request',
    );
    expect(error.errors[0]!.messages).toEqual(['Title is required.']);
    expectError(await save({ items: keep.slice(1) }), 409, 'conflict');
    expectError(await save({ items: [...keep, { id: UNKNOWN, title: 'Ghost' }] }), 409, 'conflict');
    expectError(await save({ items: [...keep, keep[0]] }), 400, 'invalid_request');
    expectError(await call('PUT', at(board.id, 'getting-started'), s.csa, { items: keep }), 403, 'forbidden');
    expect(await items()).toEqual(before);
  });
});

describe('support link', () => {
  it('sets a web address or a mailto address and removes it with null or empty', async () => {
    for (const supportLink of ['https://support.example.com/kit', 'mailto:help@example.com']) {
      expect(expectOk(await call('PUT', at(board.id, 'support-link'), s.admin, { supportLink }))).toEqual({
        supportLink,
      });
      expect(expectOk(await call('GET', at(board.id, 'support-link'), s.admin))).toEqual({ supportLink });
      expect(
        expectOk<BoardRecord>(await call('GET', `/api/v1/boards/${board.id}`, s.admin)).supportLink,
      ).toBe(supportLink);
    }
    const since = await lastAuditId(s.t);
    expect(expectOk(await call('PUT', at(board.id, 'support-link'), s.admin, { supportLink: '' }))).toEqual({
      supportLink: null,
    });
    expect(await auditSince(s.t, since)).toMatchObject([
      {
        action: 'update_support_link',
        before: { supportLink: 'mailto:help@example.com' },
        after: { supportLink: null },
      },
    ]);
  });

  it('refuses anything else with the rule’s message, changing nothing', async () => {
    expectOk(
      await call('PUT', at(board.id, 'support-link'), s.admin, { supportLink: 'https://ok.example.com' }),
    );
    for (const supportLink of ['help@example.com', 'mailto:not-an-email', 'ftp://example.com']) {
      const error = expectError(
        await call('PUT', at(board.id, 'support-link'), s.admin, { supportLink }),
        400,
        'invalid_request',
      );
      expect(error.errors[0]!.messages[0]).toBe(
        'Please enter a web address starting with http:// or https://, or mailto: followed by an email address.',
      );
    }
    expect(expectOk(await call('GET', at(board.id, 'support-link'), s.admin))).toEqual({
      supportLink: 'https://ok.example.com',
    });
  });
});

describe('restrictions', () => {
  const listed = async () =>
    expectOk<BoardRestriction[]>(await call('GET', at(board.id, 'restrictions'), s.admin)).map(
      (r) => r.email,
    );

  it('adds allowed emails, audited, listed by email', async () => {
    const since = await lastAuditId(s.t);
    const added = expectOk<BoardRestriction>(
      await call('POST', at(board.id, 'restrictions'), s.admin, { email: 'Zoe@Example.com' }),
      201,
    );
    expect(added).toEqual({ email: 'Zoe@Example.com', createdAt: expect.any(String) });
    expectOk(await call('POST', at(board.id, 'restrictions'), s.admin, { email: 'ada@example.com' }), 201);
    expect(await listed()).toEqual(['ada@example.com', 'Zoe@Example.com']);
    expect(await auditSince(s.t, since)).toMatchObject([
      { action: 'add_restriction', entityId: board.id, after: { email: 'Zoe@Example.com' } },
      { action: 'add_restriction', entityId: board.id, after: { email: 'ada@example.com' } },
    ]);
  });

  it('refuses a duplicate (any case) with a 409 duplicate warning and an invalid email with 400', async () => {
    const error = expectError(
      await call('POST', at(board.id, 'restrictions'), s.admin, { email: 'zoe@example.COM' }),
      409,
      'duplicate',
    );
    expect(error.errors[0]).toMatchObject({
      resources: ['email'],
      messages: ['This email address is already on the list.'],
    });
    const invalid = expectError(
      await call('POST', at(board.id, 'restrictions'), s.admin, { email: 'not-an-email' }),
      400,
      'invalid_request',
    );
    expect(invalid.errors[0]!.messages[0]).toBe('Please enter a valid email address.');
    expect(await listed()).toEqual(['ada@example.com', 'Zoe@Example.com']);
  });

  it('keeps lists per board', async () => {
    expectOk(await call('POST', at(second.id, 'restrictions'), s.admin, { email: 'zoe@example.com' }), 201);
    expect(
      expectOk<BoardRestriction[]>(await call('GET', at(second.id, 'restrictions'), s.admin)),
    ).toHaveLength(1);
  });

  it('removes an email by address, any case', async () => {
    const removed = expectOk<BoardRestriction>(
      await call('DELETE', at(board.id, `restrictions/${encodeURIComponent('ZOE@example.com')}`), s.admin),
    );
    expect(removed.email).toBe('Zoe@Example.com');
    expect(await listed()).toEqual(['ada@example.com']);
    expectError(
      await call('DELETE', at(board.id, `restrictions/${encodeURIComponent('zoe@example.com')}`), s.admin),
      404,
      'not_found',
    );
    expectError(
      await call('POST', at(board.id, 'restrictions'), s.customer, { email: 'me@example.com' }),
      403,
      'forbidden',
    );
    expect(await listed()).toEqual(['ada@example.com']);
  });

  it('lists from its definition (range, sort ignoring case, q) only the board in the path, admins only', async () => {
    for (const email of ['Bea@example.com', 'carl@example.com']) {
      expectOk(await call('POST', at(board.id, 'restrictions'), s.admin, { email }), 201);
    }
    const page = await call('GET', at(board.id, 'restrictions'), s.admin, undefined, {
      range: 'restrictions=0-1',
    });
    expect(expectOk<BoardRestriction[]>(page).map((r) => r.email)).toEqual([
      'ada@example.com',
      'Bea@example.com',
    ]);
    expect(page.headers['content-range']).toBe('restrictions 0-1/3');
    const sorted = `${at(board.id, 'restrictions')}?sort=${encodeURIComponent('["email","DESC"]')}&q=A`;
    expect(expectOk<BoardRestriction[]>(await call('GET', sorted, s.admin)).map((r) => r.email)).toEqual([
      'carl@example.com',
      'Bea@example.com',
      'ada@example.com',
    ]);
    // Another board's entry is neither listed nor removable under this board's path.
    expect(
      expectOk<BoardRestriction[]>(await call('GET', at(second.id, 'restrictions'), s.admin)).map(
        (r) => r.email,
      ),
    ).toEqual(['zoe@example.com']);
    expectError(
      await call('DELETE', at(board.id, `restrictions/${encodeURIComponent('zoe@example.com')}`), s.admin),
      404,
      'not_found',
    );
    expectError(await call('GET', at(board.id, 'restrictions'), s.csa), 403, 'forbidden');
    expectError(await call('GET', at(board.id, 'restrictions'), s.customer), 403, 'forbidden');
    expectError(
      await call('DELETE', at(board.id, `restrictions/${encodeURIComponent('ada@example.com')}`), s.csa),
      403,
      'forbidden',
    );
    const malformed = expectError(
      await call('GET', at('not-a-uuid', 'restrictions'), s.admin),
      400,
      'invalid_request',
    );
    expect(malformed.errors[0]!.resources).toEqual(['params.id']);
    expect(await listed()).toEqual(['ada@example.com', 'Bea@example.com', 'carl@example.com']);
    expect(
      expectOk<BoardRestriction[]>(await call('GET', at(second.id, 'restrictions'), s.admin)),
    ).toHaveLength(1);
  });
});

describe('the documents resource', () => {
  const path = '/api/v1/documents';
  let manual: PortalDocument;

  it('creates a user document, audited, and lists documents in the simple-rest dialect', async () => {
    const since = await lastAuditId(s.t);
    manual = expectOk<PortalDocument>(
      await call('POST', path, s.admin, {
        title: 'Board manual',
        type: 'user manual',
        filename: 'Board manual',
        url: 'https://files.example.com/manual.pdf',
        exclusive: false,
      }),
      201,
    );
    expect(manual).toMatchObject({ title: 'Board manual', source: 'custom', exclusive: false });
    expect(await auditSince(s.t, since, 'document')).toMatchObject([{ action: 'create', after: manual }]);
    expect(expectOk(await call('GET', `${path}/${manual.id}`, s.admin))).toEqual(manual);
    const response = await call('GET', listUrl(path, { filter: { q: 'manual' } }), s.admin, undefined, {
      range: 'documents=0-9',
    });
    expect(expectOk<PortalDocument[]>(response)).toEqual([manual]);
    expect(response.headers['content-range']).toBe('documents 0-0/1');
    expect(
      expectOk<PortalDocument[]>(await call('GET', listUrl(path, { filter: { source: 'sami' } }), s.admin)),
    ).toEqual([{ ...sami, exclusive: true }]);
  });

  it('refuses a document against the rules and non-admins', async () => {
    expectError(
      await call('POST', path, s.admin, { title: 'x', type: 'x', filename: 'x', exclusive: false }),
      400,
      'invalid_request',
    );
    expectError(await call('GET', path, s.csa), 403, 'forbidden');
    expectError(
      await call('POST', path, s.customer, {
        title: 'x',
        type: 'x',
        filename: 'x',
        url: 'https://x.example.com',
        exclusive: false,
      }),
      403,
      'forbidden',
    );
  });

  it('updates a document with the board rules: SAMI texts stay, user texts are checked where they change', async () => {
    const since = await lastAuditId(s.t);
    const updated = expectOk<PortalDocument>(
      await call('PUT', `${path}/${manual.id}`, s.admin, {
        ...manual,
        exclusive: true,
        title: 'Board manual v2',
      }),
    );
    expect(updated).toEqual({ ...manual, exclusive: true, title: 'Board manual v2' });
    expect(await auditSince(s.t, since, 'document')).toMatchObject([
      { action: 'update', before: manual, after: updated },
    ]);
    expectError(
      await call('PUT', `${path}/${manual.id}`, s.admin, { title: 'Bad/title' }),
      400,
      'invalid_request',
    );
    expectError(
      await call('PUT', `${path}/${sami.id}`, s.admin, { url: 'https://elsewhere.example.com' }),
      409,
      'conflict',
    );
    expectError(await call('PUT', `${path}/${UNKNOWN}`, s.admin, { exclusive: true }), 404, 'not_found');
    expect(expectOk(await call('GET', `${path}/${manual.id}`, s.admin))).toEqual(updated);
    manual = updated;
  });

  it('refuses to delete a SAMI document or one a board shows; deletes an unused user document', async () => {
    expectError(await call('DELETE', `${path}/${sami.id}`, s.admin), 409, 'conflict');
    expectOk(
      await call('POST', at(board.id, 'document-assignments'), s.admin, { documentId: manual.id }),
      201,
    );
    const shown = expectError(await call('DELETE', `${path}/${manual.id}`, s.admin), 409, 'conflict');
    expect(shown.errors[0]!.messages[0]).toBe(
      'This document is shown on a board; unassign it from that board first.',
    );
    expectOk(await call('DELETE', at(board.id, `document-assignments/${manual.id}`), s.admin));
    expect(expectOk(await call('DELETE', `${path}/${manual.id}`, s.admin))).toEqual(manual);
    expectError(await call('GET', `${path}/${manual.id}`, s.admin), 404, 'not_found');
  });
});

describe('everything under an unknown board', () => {
  it('answers 404', async () => {
    for (const rest of [
      'documents',
      'links',
      'partners',
      'getting-started',
      'support-link',
      'restrictions',
    ]) {
      expectError(await call('GET', at(UNKNOWN, rest), s.admin), 404, 'not_found');
    }
    expectError(await call('PUT', at(UNKNOWN, 'getting-started'), s.admin, { items: [] }), 404, 'not_found');
    expectError(
      await call('POST', at(UNKNOWN, 'links'), s.admin, { title: 'x', url: 'https://x.example.com' }),
      404,
      'not_found',
    );
  });
});
