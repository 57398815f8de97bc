import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DIP_COMPLETION_TYPES,
  MESSAGES,
  type BoardRecord,
  type DipSteps,
  type ErrorBody,
  type GettingStartedStep,
  type SecureConfig,
  type XmlValidationEntry,
} from '@portal/resources';
import { auditLog, dipSteps } from '../src/db/tables.js';
import type { TestApp } from './support/app.js';
import { signIn, type Tokens } from './support/sign-in.js';
import { dipTestKit, startDipApp, step } from './dip-support.js';

let t: TestApp & { filesDir: string };
const kit = dipTestKit(() => t);
const { call, expectOk, expectError } = kit;
let admin: Tokens;
let csa: Tokens;
let customer: Tokens;
let plain: BoardRecord;
let secure: BoardRecord;
let other: BoardRecord;

beforeAll(async () => {
  t = await startDipApp();
  [admin, csa, customer] = await Promise.all([
    signIn(t.app, { email: 'admin@portal.test' }),
    signIn(t.app, { email: 'csa@portal.test' }),
    signIn(t.app, { email: 'customer@portal.test' }),
  ]);
  plain = await kit.board(admin, 'DIP_Plain');
  secure = await kit.board(admin, 'DIP_Secure', { secure: true });
  other = await kit.board(admin, 'DIP_Other');
});
afterAll(() => t?.close());

const stepsUrl = (board: { id: string }) => `boards/${board.id}/dip-steps`;
const getSteps = async (board: { id: string }) =>
  expectOk<DipSteps>(await call('GET', stepsUrl(board), admin));

/** The one refusal of a save: its status, code, field and message; and the process is unchanged. */
async function expectRefused(
  board: { id: string },
  steps: unknown[],
  resource: string,
  message: string,
  code = 'invalid_request',
) {
  const before = await getSteps(board);
  const body: ErrorBody = expectError(await kit.saveSteps(admin, board.id, steps), 400, code);
  expect(body.errors).toContainEqual({ errorCode: code, resources: [resource], messages: [message] });
  expect(await getSteps(board)).toEqual(before);
}

describe('the design-in steps of a board', () => {
  it('are empty for a board without a process', async () => {
    expect(await getSteps(other)).toEqual({ steps: [], warnings: [] });
  });

  it('saves steps of every completion type with resolver roles and flags, in order and numbered', async () => {
    const input = DIP_COMPLETION_TYPES.filter((type) => type !== 'sales-code-input').map((type, index) =>
      step({
        title: `Step of type ${type}`,
        completionType: type,
        resolverRoles: type === 'child-project' ? ['nobody'] : index % 2 ? ['project-owner', 'fae'] : ['csa'],
        completer: index % 3 === 0 ? 'fae' : null,
        confirmationRequired: index % 3 === 0,
        csaReset: index % 2 === 0,
        childProject:
          type === 'child-project'
            ? { boardIspn: 'DIP_Other-ISPN', ownerEmail: 'customer@portal.test', substituteEmail: null }
            : null,
      }),
    );
    input.push(
      step({ title: 'Only informs', completionType: null, description: null, resolverRoles: ['nobody'] }),
    );
    const saved = expectOk<DipSteps>(await kit.saveSteps(admin, plain.id, input));
    expect(saved.warnings).toEqual([]);
    expect(saved.steps.map((s) => [s.stepNumber, s.title, s.completionType])).toEqual(
      input.map((s, index) => [index + 1, s.title, s.completionType]),
    );
    const { id: _id, ...first } = saved.steps[0]!;
    expect(first).toEqual({ ...input[0], stepNumber: 1 });
    const child = saved.steps.find((s) => s.completionType === 'child-project')!;
    expect(child.childProject).toEqual({
      boardIspn: 'DIP_Other-ISPN',
      ownerEmail: 'customer@portal.test',
      substituteEmail: null,
    });
    expect(await getSteps(plain)).toEqual(saved);
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'save_dip_steps'), eq(auditLog.entityId, plain.id)));
    expect(audit).toBeDefined();
  });

  it('edits, reorders, removes and recovers steps, applied on save', async () => {
    const board = await kit.board(admin, 'DIP_Order');
    const [a, b, c] = (
      await kit.defineDip(admin, board.id, [
        step({ title: 'Alpha' }),
        step({ title: 'Bravo' }),
        step({ title: 'Charlie' }),
      ])
    ).steps;
    // Charlie first and renamed, Alpha marked removed then recovered in the editor, Bravo removed, a new one dropped.
    const saved = expectOk<DipSteps>(
      await kit.saveSteps(admin, board.id, [
        { ...c, title: 'Charlie renamed' },
        { ...a, removed: false },
        { ...b, removed: true },
        { ...step({ title: '' }), removed: true },
        step({ title: 'Delta', completionType: 'input' }),
      ]),
    );
    expect(saved.steps.map((s) => [s.stepNumber, s.title])).toEqual([
      [1, 'Charlie renamed'],
      [2, 'Alpha'],
      [3, 'Delta'],
    ]);
    expect(saved.steps[0]!.id).toBe(c!.id);
    // The removed step keeps its row for the projects that worked on it, out of the process.
    const [row] = await t.database.db.select().from(dipSteps).where(eq(dipSteps.id, b!.id));
    expect(row!.removedAt).not.toBeNull();
  });

  it('refuses a list that does not name exactly the current steps (changed meanwhile)', async () => {
    const board = await kit.board(admin, 'DIP_Stale');
    const { steps } = await kit.defineDip(admin, board.id, [
      step({ title: 'First' }),
      step({ title: 'Second' }),
    ]);
    expectError(await kit.saveSteps(admin, board.id, [steps[0]]), 409, 'conflict');
    expectError(
      await kit.saveSteps(admin, board.id, [
        ...steps,
        { ...steps[0], id: '00000000-0000-4000-8000-000000000000' },
      ]),
      409,
      'conflict',
    );
    expect((await getSteps(board)).steps).toEqual(steps);
  });

  describe('refuses a step breaking a rule of spec §5, with its message at its field', () => {
    let board: BoardRecord;
    beforeAll(async () => {
      board = await kit.board(admin, 'DIP_Rules');
      await kit.defineDip(admin, board.id, [step({ title: 'Existing step' })]);
    });
    const existing = async () => (await getSteps(board)).steps;

    it.each([
      ['no title', { title: '' }, 'title', 'Step title is required.'],
      ['a short title', { title: 'ab' }, 'title', 'Step title must have at least 3 characters.'],
      ['a long title', { title: 'x'.repeat(101) }, 'title', 'Step title may have at most 100 characters.'],
      [
        'a task type without description',
        { description: ' ' },
        'description',
        'Description is required when the step has a task type.',
      ],
      ['no resolver', { resolverRoles: [] }, 'resolverRoles', 'Select who resolves this step.'],
      [
        'Nobody with another resolver',
        { resolverRoles: ['nobody', 'csa'] },
        'resolverRoles',
        'Nobody cannot be combined with other resolvers.',
      ],
      [
        'confirmation by Nobody',
        { confirmationRequired: true, completer: 'nobody' },
        'completer',
        'Nobody cannot confirm a step: choose who confirms it, or leave it to the provider.',
      ],
      [
        'a new sales code step',
        { completionType: 'sales-code-input' },
        'completionType',
        'Sales code input is deprecated and cannot be used for new steps.',
      ],
      [
        'a child-project step without board and owner',
        { completionType: 'child-project', resolverRoles: ['nobody'], childProject: null },
        'childProject',
        'A child-project step needs a board and an owner email.',
      ],
      [
        'a child-project step resolved by a person',
        {
          completionType: 'child-project',
          resolverRoles: ['project-owner'],
          childProject: {
            boardIspn: 'DIP_Other-ISPN',
            ownerEmail: 'customer@portal.test',
            substituteEmail: null,
          },
        },
        'resolverRoles',
        'A child-project step is resolved by the system only: set its resolver to Nobody.',
      ],
      [
        'a child-project step on an unknown board',
        {
          completionType: 'child-project',
          resolverRoles: ['nobody'],
          childProject: {
            boardIspn: 'NO-SUCH-ISPN',
            ownerEmail: 'customer@portal.test',
            substituteEmail: null,
          },
        },
        'childProject.boardIspn',
        'No board has this ISPN.',
      ],
      [
        'a child-project step for an unknown owner',
        {
          completionType: 'child-project',
          resolverRoles: ['nobody'],
          childProject: {
            boardIspn: 'DIP_Other-ISPN',
            ownerEmail: 'nobody@example.com',
            substituteEmail: null,
          },
        },
        'childProject.ownerEmail',
        'No portal user has this email address.',
      ],
    ])('%s', async (_case, change, field, message) => {
      const steps = [
        ...(await existing()),
        step({ title: 'New step', ...change } as Parameters<typeof step>[0]),
      ];
      await expectRefused(board, steps, `body.steps.1.${field}`, message);
    });

    it('a child project whose owner is also its substitute, with owner_equals_substitute', async () => {
      const steps = [
        ...(await existing()),
        step({
          title: 'Child',
          completionType: 'child-project',
          resolverRoles: ['nobody'],
          childProject: {
            boardIspn: 'DIP_Other-ISPN',
            ownerEmail: 'customer@portal.test',
            substituteEmail: 'Customer@portal.test',
          },
        }),
      ];
      await expectRefused(
        board,
        steps,
        'body.steps.1.childProject.substituteEmail',
        'The substitute must not be the project owner.',
        'owner_equals_substitute',
      );
    });

    it('a process without steps, also when every step is removed', async () => {
      const body = expectError(await kit.saveSteps(admin, board.id, []), 400, 'invalid_request');
      expect(body.errors[0]!.messages).toEqual(['A design-in process needs at least one step.']);
      const removed = (await existing()).map((s) => ({ ...s, removed: true }));
      const again = expectError(await kit.saveSteps(admin, board.id, removed), 400, 'invalid_request');
      expect(again.errors[0]!.messages).toEqual(['A design-in process needs at least one step.']);
      expect((await existing()).length).toBe(1);
    });

    it('an existing step turned into sales code input, while an existing sales code step stays', async () => {
      const [current] = await existing();
      await expectRefused(
        board,
        [{ ...current, completionType: 'sales-code-input' }],
        'body.steps.0.completionType',
        'Sales code input is deprecated and cannot be used for new steps.',
      );
      // A step saved before the type was deprecated keeps it through later saves.
      await t.database.db
        .update(dipSteps)
        .set({ completionType: 'sales-code-input' })
        .where(eq(dipSteps.id, current!.id));
      const saved = expectOk<DipSteps>(
        await kit.saveSteps(admin, board.id, [
          { ...current, completionType: 'sales-code-input', title: 'Legacy sales code' },
        ]),
      );
      expect(saved.steps[0]).toMatchObject({
        title: 'Legacy sales code',
        completionType: 'sales-code-input',
      });
    });
  });

  it('keeps a secure step on a non-secure board (and the reverse) but ignores it, with a warning', async () => {
    const board = await kit.board(admin, 'DIP_Mixed');
    const saved = expectOk<DipSteps>(
      await kit.saveSteps(admin, board.id, [
        step({ title: 'Normal step' }),
        step({ title: 'Secure step', secure: true }),
      ]),
    );
    expect(saved.steps).toHaveLength(2);
    expect(saved.warnings).toEqual([
      'Step "Secure step" is secure and is ignored on a board that is not secure.',
    ]);
    expect((await getSteps(board)).warnings).toEqual(saved.warnings);

    const onSecure = expectOk<DipSteps>(
      await kit.saveSteps(admin, secure.id, [step({ title: 'Plain on secure' })]),
    );
    expect(onSecure.warnings).toEqual([
      'Step "Plain on secure" is not secure and is ignored on a secure board.',
      'No step applies to this secure board: its projects have no design-in process.',
    ]);
  });

  it('removes the whole process', async () => {
    const board = await kit.board(admin, 'DIP_Gone');
    await kit.defineDip(admin, board.id, [step({ title: 'Only step' })]);
    expect(expectOk<DipSteps>(await call('DELETE', stepsUrl(board), admin))).toEqual({
      steps: [],
      warnings: [],
    });
    expect(await getSteps(board)).toEqual({ steps: [], warnings: [] });
  });

  it('has getting-started items per step, apart from the board’s own', async () => {
    const board = await kit.board(admin, 'DIP_Items');
    const [first, second] = (
      await kit.defineDip(admin, board.id, [step({ title: 'One' }), step({ title: 'Two' })])
    ).steps;
    const url = `boards/${board.id}/dip-steps/${second!.id}/getting-started`;
    expect(expectOk<GettingStartedStep[]>(await call('GET', url, admin))).toEqual([]);
    const saved = expectOk<GettingStartedStep[]>(
      await call('PUT', url, admin, {
        items: [
          { title: 'Read the guide', description: '<p>Guide</p>' },
          { title: 'Watch the video', description: null },
        ],
      }),
    );
    expect(saved.map((item) => [item.title, item.order, item.dipStepNumber])).toEqual([
      ['Read the guide', 0, 2],
      ['Watch the video', 1, 2],
    ]);
    const reordered = expectOk<GettingStartedStep[]>(
      await call('PUT', url, admin, {
        items: [
          { ...saved[1], removed: false },
          { ...saved[0], removed: true },
        ],
      }),
    );
    expect(reordered.map((item) => item.title)).toEqual(['Watch the video']);
    expectError(await call('PUT', url, admin, { items: [] }), 409, 'conflict');
    const refused = expectError(
      await call('PUT', url, admin, { items: [{ ...reordered[0], title: ' ' }] }),
      400,
      'invalid_request',
    );
    expect(refused.errors[0]!.messages).toEqual(['Title is required.']);
    expect(
      expectOk<GettingStartedStep[]>(
        await call('GET', `boards/${board.id}/dip-steps/${first!.id}/getting-started`, admin),
      ),
    ).toEqual([]);
    expect(
      expectOk<GettingStartedStep[]>(await call('GET', `boards/${board.id}/getting-started`, admin)),
    ).toEqual([]);
    expectError(
      await call(
        'GET',
        `boards/${board.id}/dip-steps/00000000-0000-4000-8000-000000000000/getting-started`,
        admin,
      ),
      404,
      'not_found',
    );
  });

  it('is for admins only', async () => {
    for (const tokens of [csa, customer]) {
      expectError(await call('GET', stepsUrl(plain), tokens), 403, 'forbidden');
      expectError(await kit.saveSteps(tokens, plain.id, [step({ title: 'Sneaky' })]), 403, 'forbidden');
      expectError(
        await call('PUT', `boards/${plain.id}/follow-up`, tokens, { nextBoardId: other.id }),
        403,
        'forbidden',
      );
      expectError(await call('GET', `boards/${plain.id}/secure-workflow`, tokens), 403, 'forbidden');
      expectError(
        await call('PUT', `boards/${plain.id}/xml-validation-entries`, tokens, { entries: [] }),
        403,
        'forbidden',
      );
    }
    expectError(await call('GET', stepsUrl(plain), null), 401, 'unauthorized');
    expectError(
      await call('GET', 'boards/00000000-0000-4000-8000-000000000000/dip-steps', admin),
      404,
      'not_found',
    );
  });
});

describe('the follow-up process', () => {
  const url = () => `boards/${plain.id}/follow-up`;

  it('names the next board and, optionally, the next owner', async () => {
    expect(expectOk(await call('GET', url(), admin))).toEqual({ followUp: null });
    expect(expectOk(await call('PUT', url(), admin, { nextBoardId: other.id, nextOwnerEmail: '' }))).toEqual({
      followUp: { nextBoardId: other.id, nextBoardName: 'DIP_Other', nextOwnerEmail: null },
    });
    expect(
      expectOk(
        await call('PUT', url(), admin, { nextBoardId: other.id, nextOwnerEmail: 'promoted@portal.test' }),
      ),
    ).toEqual({
      followUp: { nextBoardId: other.id, nextBoardName: 'DIP_Other', nextOwnerEmail: 'promoted@portal.test' },
    });
    expect(expectOk(await call('GET', url(), admin))).toMatchObject({
      followUp: { nextOwnerEmail: 'promoted@portal.test' },
    });
  });

  it('refuses an unknown next owner, a malformed email, an unknown or the same board', async () => {
    const unknown = expectError(
      await call('PUT', url(), admin, { nextBoardId: other.id, nextOwnerEmail: 'stranger@example.com' }),
      404,
      'not_found',
    );
    expect(unknown.errors[0]).toEqual({
      errorCode: 'not_found',
      resources: ['nextOwnerEmail'],
      messages: [MESSAGES.followUpUserNotFound],
    });
    const malformed = expectError(
      await call('PUT', url(), admin, { nextBoardId: other.id, nextOwnerEmail: 'next@' }),
      400,
      'invalid_request',
    );
    expect(malformed.errors[0]!.messages).toEqual([
      'Please enter a valid email address or leave the field empty.',
    ]);
    const noBoard = expectError(
      await call('PUT', url(), admin, { nextBoardId: '', nextOwnerEmail: '' }),
      400,
      'invalid_request',
    );
    expect(noBoard.errors[0]!.messages).toEqual(['Select the next board.']);
    expectError(
      await call('PUT', url(), admin, {
        nextBoardId: '00000000-0000-4000-8000-000000000000',
        nextOwnerEmail: '',
      }),
      404,
      'not_found',
    );
    expectError(
      await call('PUT', url(), admin, { nextBoardId: plain.id, nextOwnerEmail: '' }),
      400,
      'invalid_request',
    );
    expect(expectOk(await call('GET', url(), admin))).toMatchObject({
      followUp: { nextOwnerEmail: 'promoted@portal.test' },
    });
  });

  it('can be removed', async () => {
    expect(expectOk(await call('DELETE', url(), admin))).toEqual({ followUp: null });
    expect(expectOk(await call('GET', url(), admin))).toEqual({ followUp: null });
  });
});

describe('the secure workflow configuration', () => {
  const url = () => `boards/${secure.id}/secure-workflow`;

  it('has defaults: .xml and .asc accepted, files deletable before the step is submitted', async () => {
    expect(expectOk<SecureConfig>(await call('GET', url(), admin))).toEqual({
      acceptedFileTypes: ['.xml', '.asc'],
      dipAsset: { validators: [], delete: ['before_resolve'] },
    });
  });

  it('saves accepted file types and the delete policy', async () => {
    const saved = expectOk<SecureConfig>(
      await call('PUT', url(), admin, {
        acceptedFileTypes: ['.XML', '.asc', '.pdf'],
        deletePolicy: 'always',
      }),
    );
    expect(saved).toEqual({
      acceptedFileTypes: ['.xml', '.asc', '.pdf'],
      dipAsset: { validators: [], delete: ['always'] },
    });
    expect(expectOk<SecureConfig>(await call('GET', url(), admin))).toEqual(saved);
  });

  it.each([
    [
      { acceptedFileTypes: ['xml'], deletePolicy: 'always' },
      'A file type is a dot followed by letters or digits, such as .xml.',
    ],
    [{ acceptedFileTypes: [], deletePolicy: 'always' }, 'Accept at least one file type.'],
    [{ acceptedFileTypes: ['.xml', '.XML'], deletePolicy: 'always' }, 'A file type appears twice.'],
  ])('refuses %j', async (body, message) => {
    const refused = expectError(await call('PUT', url(), admin, body), 400, 'invalid_request');
    expect(refused.errors[0]!.messages).toEqual([message]);
  });

  it('refuses an unknown delete policy', async () => {
    expectError(
      await call('PUT', url(), admin, { acceptedFileTypes: ['.xml'], deletePolicy: 'never' }),
      400,
      'invalid_request',
    );
  });
});

describe('XML validation entries', () => {
  const url = () => `boards/${secure.id}/xml-validation-entries`;
  const entries: XmlValidationEntry[] = [
    { type: 'metadata', xpath: '/config/device/@id', metadataKey: 'deviceId', errorMessage: null },
    {
      type: 'match',
      xpath: "count(//key[@type='aes'])=1",
      metadataKey: null,
      errorMessage: 'Exactly one AES key.',
    },
    { type: 'filename', xpath: '//image/@file', metadataKey: null, errorMessage: null },
  ];

  it('saves the entries of each type in order; the secure workflow shows them as its validators', async () => {
    const saved = expectOk<XmlValidationEntry[]>(
      await call('PUT', url(), admin, {
        entries: entries.map((entry) =>
          entry.type === 'filename' ? { ...entry, metadataKey: 'deviceId' } : entry,
        ),
      }),
    );
    expect(saved).toEqual(entries);
    expect(expectOk(await call('GET', url(), admin))).toEqual(entries);
    expect(
      expectOk<SecureConfig>(await call('GET', `boards/${secure.id}/secure-workflow`, admin)).dipAsset
        .validators,
    ).toEqual(entries);
  });

  it('refuses to delete a metadata key an entry uses, and keeps the key', async () => {
    const body = expectError(
      await call('DELETE', 'metadata-keys/deviceId', admin),
      409,
      'metadata_key_in_use',
    );
    expect(body.errors[0]?.resources).toContain(secure.id);
    expectOk(await call('GET', 'metadata-keys/deviceId', admin));
  });

  it.each([
    [{ type: 'match', xpath: '', metadataKey: null, errorMessage: null }, 'xpath', 'XPath is required.'],
    [
      { type: 'metadata', xpath: '//a', metadataKey: null, errorMessage: null },
      'metadataKey',
      'A metadata entry needs a metadata key.',
    ],
    [
      { type: 'metadata', xpath: '//a', metadataKey: 'noSuchKey', errorMessage: null },
      'metadataKey',
      'This metadata key does not exist.',
    ],
    [
      { type: 'match', xpath: '//[', metadataKey: null, errorMessage: null },
      'xpath',
      'This XPath expression is not valid.',
    ],
  ])('refuses %j', async (entry, field, message) => {
    const refused = expectError(
      await call('PUT', url(), admin, { entries: [entries[0], entry] }),
      400,
      'invalid_request',
    );
    expect(refused.errors).toContainEqual({
      errorCode: 'invalid_request',
      resources: [`body.entries.1.${field}`],
      messages: [message],
    });
    expect(expectOk(await call('GET', url(), admin))).toEqual(entries);
  });
});
