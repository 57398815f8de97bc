import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  BoardDocument,
  BoardRecord,
  BoardRestriction,
  BoardUserLink,
  GettingStartedStep,
  Link,
  Partner,
  RestrictionEntry,
} from '@portal/resources';
import { documentFileNameSchema } from '@portal/resources';
import { seedDemoBoardContent } from '../src/db/demo-boards.js';
import { documents } from '../src/db/schema-boards.js';
import { caller, expectOk, listUrl, startBoardsTest, type BoardsTest } from './boards-api.js';

let s: BoardsTest;
let call: ReturnType<typeof caller>;

beforeAll(async () => {
  s = await startBoardsTest();
  call = caller(s.t);
  await s.t.database.db.transaction((tx) => seedDemoBoardContent(tx));
});
afterAll(() => s?.t.close());

describe('demo board content', () => {
  it('fills every demo board with what its admin pages and project pages show, readable through the API', async () => {
    const boards = expectOk<BoardRecord[]>(
      await call('GET', listUrl('/api/v1/boards', { sort: ['name', 'ASC'] }), s.admin),
    );
    expect(boards).toHaveLength(41);
    const sec = boards.find((board) => board.name.startsWith('SEC'))!;
    expect(sec.features).toHaveLength(3);
    expect(sec.supportLink).toBe('mailto:support-sec@example.com');
    const at = (rest: string) => `/api/v1/boards/${sec.id}/${rest}`;
    const docs = expectOk<BoardDocument[]>(await call('GET', at('documents'), s.admin));
    expect(docs.map((doc) => [doc.title, doc.source, doc.primary, doc.exclusive])).toEqual([
      ['SEC family datasheet', 'sami', true, false],
      ['Secure provisioning quick start', 'custom', false, true],
    ]);
    expect(expectOk<Link[]>(await call('GET', at('links'), s.admin)).map((link) => link.order)).toEqual([
      0, 1,
    ]);
    expect(expectOk<GettingStartedStep[]>(await call('GET', at('getting-started'), s.admin))).toHaveLength(3);
    expect(expectOk<Partner[]>(await call('GET', at('partners'), s.admin)).map((p) => p.name)).toEqual([
      'Northwind Security Labs',
    ]);
    const partners = expectOk<Partner[]>(await call('GET', '/api/v1/partners', s.admin));
    expect(partners.find((p) => p.name === 'Contoso Embedded')!.assignedCount).toBe(16);
  });

  it("names every demo document's file as the document form allows (the dot of an extension included)", async () => {
    const names = (await s.t.database.db.select({ filename: documents.filename }).from(documents)).map(
      (row) => row.filename,
    );
    expect(names.some((name) => name.endsWith('.pdf'))).toBe(true);
    expect(names.filter((name) => !documentFileNameSchema.safeParse(name).success)).toEqual([]);
  });

  it('lists customer@portal.test on the restricted boards and links the demo company space people', async () => {
    const restricted = expectOk<BoardRecord[]>(await call('GET', '/api/v1/boards', s.admin)).filter(
      (board) => board.restrictedAccess,
    );
    expect(restricted.length).toBeGreaterThan(0);
    for (const board of restricted) {
      const listed = expectOk<BoardRestriction[]>(
        await call('GET', `/api/v1/boards/${board.id}/restrictions`, s.admin),
      );
      expect(listed.map((entry) => entry.email)).toEqual(['customer@portal.test']);
    }
    const permitted = await Promise.all(
      restricted.map(async (board) =>
        expectOk<RestrictionEntry[]>(await call('GET', `/api/v1/boards/${board.id}/permissions`, s.admin)),
      ),
    );
    expect(permitted.flat().map((entry) => entry.email)).toEqual(['promoted@portal.test']);
    const csaLinks = expectOk<BoardUserLink[]>(await call('GET', '/api/v1/board-csa-links', s.admin));
    expect(csaLinks.map((link) => link.userEmail)).toEqual(['csa@portal.test', 'csa@portal.test']);
    const viewerLinks = expectOk<BoardUserLink[]>(await call('GET', '/api/v1/board-viewer-links', s.csa));
    expect(viewerLinks.map((link) => link.userEmail)).toEqual(['customer@portal.test']);
  });
});
