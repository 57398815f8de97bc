import { asc, eq, inArray } from 'drizzle-orm';
import type { Database } from './client.js';
import { boards, users } from './schema.js';
import {
  boardDocuments,
  boardLinks,
  boardPartners,
  boardPermissions,
  boardRestrictions,
  boardUserLinks,
  documents,
  gettingStartedItems,
  partners,
} from './schema-boards.js';

type Executor = Pick<Database, 'select' | 'insert' | 'update'>;

const PARTNERS = [
  { name: 'Contoso Embedded', linkUrl: 'https://contoso.example.com', families: ['NX', 'SNS'] },
  { name: 'Fabrikam Design Services', linkUrl: 'https://fabrikam.example.com', families: ['PWR'] },
  { name: 'Northwind Security Labs', linkUrl: 'https://northwind.example.com', families: ['SEC'] },
  { name: 'Tailspin RF', linkUrl: 'https://tailspin.example.com', families: ['RF', 'SNS'] },
];

const GETTING_STARTED = [
  { title: 'Unpack the kit', description: '<p>Check the contents against the packing list.</p>' },
  { title: 'Install the toolchain', description: '<p>Install the IDE and the board support package.</p>' },
  { title: 'Run the first example', description: '<p>Flash the blinky example and watch the LED.</p>' },
];

/**
 * What hangs under the demo boards (documents, links, partners, restriction lists, board links), so the board and
 * project pages show something. Runs in the demo data's transaction, after the boards and accounts.
 */
export async function seedDemoBoardContent(db: Executor): Promise<void> {
  const rows = await db
    .select({ id: boards.id, name: boards.name, restrictedAccess: boards.restrictedAccess })
    .from(boards)
    .orderBy(asc(boards.name));
  const code = (name: string) => name.split('_')[0]!;
  const family = (name: string) => code(name).replace(/\d+$/, '');
  const families = [...new Set(rows.map((row) => family(row.name)))];

  const partnerRows = await db
    .insert(partners)
    .values(PARTNERS.map(({ name, linkUrl }) => ({ name, linkUrl, logoUrl: null })))
    .returning({ id: partners.id, name: partners.name });
  const partnerAssignments = rows.flatMap((board) =>
    PARTNERS.filter((partner) => (partner.families as readonly string[]).includes(family(board.name))).map(
      (partner) => ({
        boardId: board.id,
        partnerId: partnerRows.find((row) => row.name === partner.name)!.id,
      }),
    ),
  );
  if (partnerAssignments.length) await db.insert(boardPartners).values(partnerAssignments);

  const datasheets = await db
    .insert(documents)
    .values(
      families.map((name) => ({
        title: `${name} family datasheet`,
        type: 'datasheet',
        filename: `${name.toLowerCase()}-family-datasheet.pdf`,
        url: `https://documents.example.com/sami/${name.toLowerCase()}-family-datasheet.pdf`,
        source: 'sami' as const,
      })),
    )
    .returning({ id: documents.id, title: documents.title });
  const [quickStart] = await db
    .insert(documents)
    .values({
      title: 'Secure provisioning quick start',
      type: 'user manual',
      filename: 'Secure provisioning quick start',
      url: 'https://documents.example.com/custom/secure-provisioning-quick-start.pdf',
      source: 'custom',
      exclusive: true,
    })
    .returning({ id: documents.id });
  await db.insert(boardDocuments).values([
    ...rows.map((board) => ({
      boardId: board.id,
      documentId: datasheets.find((doc) => doc.title === `${family(board.name)} family datasheet`)!.id,
      primary: true,
    })),
    ...rows
      .filter((board) => family(board.name) === 'SEC')
      .map((board) => ({ boardId: board.id, documentId: quickStart!.id })),
  ]);

  await db.insert(boardLinks).values(
    rows.flatMap((board) => [
      {
        boardId: board.id,
        title: 'Community forum',
        url: `https://community.example.com/boards/${code(board.name).toLowerCase()}`,
        position: 0,
      },
      {
        boardId: board.id,
        title: 'Application notes',
        url: `https://www.example.com/products/${code(board.name).toLowerCase()}/application-notes`,
        position: 1,
      },
    ]),
  );
  await db
    .insert(gettingStartedItems)
    .values(
      rows.flatMap((board) =>
        GETTING_STARTED.map((item, position) => ({ ...item, boardId: board.id, position })),
      ),
    );
  for (const board of rows) {
    await db
      .update(boards)
      .set({
        features: `${code(board.name)} device on board\nOn-board debugger\nArduino-compatible headers`,
        benefits: 'Evaluate in minutes\nReady-made examples',
        supportLink: `mailto:support-${family(board.name).toLowerCase()}@example.com`,
      })
      .where(eq(boards.id, board.id));
  }

  const people = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, ['csa@portal.test', 'customer@portal.test', 'promoted@portal.test']));
  const person = (email: string) => people.find((row) => row.email === email);
  const restricted = rows.filter((board) => board.restrictedAccess);
  if (restricted.length) {
    await db
      .insert(boardRestrictions)
      .values(restricted.map((board) => ({ boardId: board.id, email: 'customer@portal.test' })));
    const promoted = person('promoted@portal.test');
    if (promoted)
      await db.insert(boardPermissions).values({ boardId: restricted[0]!.id, userId: promoted.id });
  }
  const nx = rows.filter((board) => family(board.name) === 'NX').slice(0, 2);
  const csa = person('csa@portal.test');
  const customer = person('customer@portal.test');
  if (csa && nx.length) {
    await db
      .insert(boardUserLinks)
      .values(nx.map((board) => ({ kind: 'csa' as const, boardId: board.id, userId: csa.id })));
  }
  if (customer && nx.length) {
    await db.insert(boardUserLinks).values({ kind: 'viewer', boardId: nx[0]!.id, userId: customer.id });
  }
}
