import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dipUploadFileProblems,
  type BoardRecord,
  type DipAsset,
  type DipProcess,
  type DipStep,
  type ErrorBody,
  type Project,
} from '@portal/resources';
import { dipAssets } from '../src/db/tables.js';
import type { TestApp } from './support/app.js';
import { signIn, type Tokens } from './support/sign-in.js';
import { ARMOURED, BILLION_LAUGHS, EXTERNAL_ENTITY } from './uploads-fixtures.js';
import { dipFiles, dipTestKit, EICAR, fakeClamd, startDipApp, step, type DipPeople } from './dip-support.js';

const MAX = 26_214_400;
const config = (body: string, status = 'customer complete') =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<config status="${status}">${body}</config>`;
const VALID = '<device id="D1"/><key type="aes"/><image file="app.bin"/><image file="boot.bin"/>';

let t: TestApp & { filesDir: string };
const kit = dipTestKit(() => t);
const { call, expectOk, expectError } = kit;
let p: DipPeople;
let board: BoardRecord;
let steps: DipStep[];
let project: Project;

beforeAll(async () => {
  t = await startDipApp();
  p = await kit.people('files');
  board = await kit.board(p.admin, 'DIP_Files');
  steps = (
    await kit.defineDip(p.admin, board.id, [
      step({ title: 'Upload schematics', completionType: 'file-upload' }),
      step({ title: 'Upload the configuration', completionType: 'file-upload-xml-validation' }),
      step({ title: 'Upload the encrypted images', completionType: 'file-upload-encrypted' }),
      step({ title: 'Review', completionType: 'check', resolverRoles: ['fae'] }),
    ])
  ).steps;
  expectOk(
    await call('PUT', `boards/${board.id}/xml-validation-entries`, p.admin, {
      entries: [
        { type: 'metadata', xpath: '/config/device/@id', metadataKey: 'deviceId', errorMessage: null },
        {
          type: 'match',
          xpath: "count(//key[@type='aes'])=1",
          metadataKey: null,
          errorMessage: 'Exactly one AES key, please.',
        },
        { type: 'filename', xpath: '//image/@file', metadataKey: null, errorMessage: null },
      ],
    }),
  );
  project = await kit.project(p, 'DIP_Files');
});
afterAll(() => t?.close());

const id = (n: number) => steps[n - 1]!.id;

/** The project's files by name, and the storage holds exactly as many. */
async function expectFiles(names: string[]) {
  const rows = await t.database.db.select().from(dipAssets).where(eq(dipAssets.projectId, project.id));
  expect(rows.map((row) => row.filename).sort()).toEqual([...names].sort());
  expect(await dipFiles(t.filesDir)).toHaveLength(names.length);
}

/** A refused upload: its status and code, the file named in the item list, and nothing stored. */
async function expectRefused(
  tokens: Tokens,
  stepNumber: number,
  name: string,
  body: Buffer | string,
  status: number,
  code: string,
  keep: string[],
): Promise<ErrorBody> {
  const refused = expectError(await kit.upload(tokens, project.id, id(stepNumber), name, body), status, code);
  await expectFiles(keep);
  return refused;
}

describe('uploads to a file step', () => {
  it.each([
    ['a name with a slash', 'docs/schematics.pdf', 'x', 400, 'invalid_name'],
    ['a name with a backslash', 'docs\\schematics.pdf', 'x', 400, 'invalid_name'],
    ['a name with ..', '..pdf', 'x', 400, 'invalid_name'],
    ['a name with spaces', 'my schematics.pdf', 'x', 400, 'invalid_name'],
    ['a name of 101 characters', `${'a'.repeat(97)}.pdf`, 'x', 400, 'name_too_long'],
    ['a zero-byte file', 'empty.pdf', Buffer.alloc(0), 400, 'file_not_uploaded'],
    ['25 MB + 1 byte', 'huge.bin', Buffer.alloc(MAX + 1, 1), 413, 'file_too_big'],
  ])('refuses %s and keeps nothing', async (_case, name, body, status, code) => {
    const refused = await expectRefused(p.member.tokens, 1, name, body, status, code, []);
    expect(refused.errors[0]!.resources).toEqual([name]);
  });

  it('refuses what the upload form refuses, with the same code and message (one rule, @portal/resources)', async () => {
    // The form checks a picked file with `dipUploadFileProblems` before sending it; the server must agree.
    const target = { completionType: 'file-upload' as const, existingNames: [], acceptedFileTypes: null };
    for (const [name, body] of [
      ['docs/schematics.pdf', 'x'],
      ['..', 'x'],
      ['', 'x'],
      ['a..b.pdf', 'x'],
      [`${'a'.repeat(97)}.pdf`, 'x'],
      ['empty.pdf', Buffer.alloc(0)],
    ] as const) {
      const [expected] = dipUploadFileProblems({ name, size: Buffer.byteLength(body) }, target);
      const refused = expectError(
        await kit.upload(p.member.tokens, project.id, id(1), name, body),
        expected!.status,
        expected!.errorCode,
      );
      expect(refused.errors[0]!.messages).toEqual([expected!.message]);
    }
    await expectFiles([]);
  });

  it('refuses uploads to a step that is not active, by a viewer or outsider, and a JSON body', async () => {
    await expectRefused(p.member.tokens, 2, 'config.xml', config(VALID), 409, 'dip_step_not_active', []);
    await expectRefused(p.viewer.tokens, 1, 'a.pdf', 'x', 403, 'forbidden', []);
    await expectRefused(p.outsider.tokens, 1, 'a.pdf', 'x', 403, 'forbidden', []);
    expectError(
      await call('POST', `projects/${project.id}/dip/steps/${id(1)}/assets?name=a.pdf`, p.member.tokens, {
        a: 1,
      }),
      415,
      'unsupported_media_type',
    );
    await expectFiles([]);
  });

  it('stores a file of exactly 25 MB with uploader, step, time, size and scan flag', async () => {
    const asset = await kit.uploaded(
      p.member.tokens,
      project.id,
      id(1),
      'Schematics_v1.(final).bin',
      Buffer.alloc(MAX, 7),
    );
    expect(asset).toMatchObject({
      filename: 'Schematics_v1.(final).bin',
      uploadedBy: p.member.email,
      uploadedToStep: 1,
      stepId: id(1),
      stepTitle: 'Upload schematics',
      size: MAX,
      kind: 'file',
      malwareDetected: false,
      scanStatus: 'not_scanned',
      metadata: null,
      customerComplete: null,
    });
    expect(Date.now() - Date.parse(asset.uploadedAt)).toBeLessThan(60_000);
    await expectFiles(['Schematics_v1.(final).bin']);
    // The same name again (letter case ignored) is a duplicate and leaves the first alone.
    await expectRefused(p.owner, 1, 'schematics_V1.(FINAL).bin', 'x', 409, 'duplicate_name', [
      'Schematics_v1.(final).bin',
    ]);
    expectOk(await call('DELETE', `projects/${project.id}/dip/assets/${asset.id}`, p.member.tokens));
    await expectFiles([]);
  });

  it('downloads for everyone who may see the project, never another project’s file', async () => {
    const asset = await kit.uploaded(p.owner, project.id, id(1), 'layout.pdf', '%PDF layout');
    for (const tokens of [p.owner, p.viewer.tokens, p.fae.tokens, p.admin]) {
      const download = await call('GET', `projects/${project.id}/dip/assets/${asset.id}/content`, tokens);
      expect(download.statusCode).toBe(200);
      expect(download.body).toBe('%PDF layout');
      expect(download.headers['content-disposition']).toContain('filename="layout.pdf"');
    }
    expectError(
      await call('GET', `projects/${project.id}/dip/assets/${asset.id}/content`, p.outsider.tokens),
      403,
      'forbidden',
    );
    const other = await kit.registered(p.owner, 'DIP_Files');
    expectError(
      await call('GET', `projects/${other.id}/dip/assets/${asset.id}/content`, p.owner),
      404,
      'not_found',
    );
    expectError(
      await call('DELETE', `projects/${other.id}/dip/assets/${asset.id}`, p.owner),
      404,
      'not_found',
    );
    const list = expectOk<DipAsset[]>(
      await call('GET', `projects/${project.id}/dip/assets`, p.viewer.tokens),
    );
    expect(list.map((item) => item.filename)).toEqual(['layout.pdf']);
    expect(expectOk<DipAsset[]>(await call('GET', `projects/${other.id}/dip/assets`, p.owner))).toEqual([]);
  });

  it('lets the uploader, owner or an admin delete, and locks files once the step is submitted', async () => {
    const [asset] = expectOk<DipAsset[]>(await call('GET', `projects/${project.id}/dip/assets`, p.owner));
    expectError(
      await call('DELETE', `projects/${project.id}/dip/assets/${asset!.id}`, p.member.tokens),
      403,
      'forbidden',
    );
    expectError(
      await call('DELETE', `projects/${project.id}/dip/assets/${asset!.id}`, p.viewer.tokens),
      403,
      'forbidden',
    );
    expectOk(await kit.resolve(p.member.tokens, project.id, id(1)));
    expectError(
      await call('DELETE', `projects/${project.id}/dip/assets/${asset!.id}`, p.owner),
      409,
      'dip_asset_locked',
    );
    await expectRefused(p.member.tokens, 1, 'late.pdf', 'x', 409, 'dip_step_not_active', ['layout.pdf']);
  });
});

describe('the secure configuration (XML) step', () => {
  const keep = ['layout.pdf'];

  it.each([
    ['a file that is not .xml', 'config.txt', config(VALID), 'wrong_file_type'],
    ['malformed XML', 'config.xml', '<config><device id="D1"></config>', 'metadata_invalid'],
    ['a billion-laughs document', 'config.xml', BILLION_LAUGHS, 'metadata_invalid'],
    ['an external entity', 'config.xml', EXTERNAL_ENTITY, 'metadata_invalid'],
    [
      'a metadata XPath that is missing',
      'config.xml',
      config('<key type="aes"/><image file="a.bin"/>'),
      'metadata_invalid',
    ],
    [
      'a metadata XPath found twice',
      'config.xml',
      config('<device id="D1"/><device id="D2"/><key type="aes"/>'),
      'metadata_invalid',
    ],
    [
      'a match that fails',
      'config.xml',
      config('<device id="D1"/><key type="aes"/><key type="aes"/>'),
      'match_failed',
    ],
    [
      'a referenced file name that cannot be uploaded',
      'config.xml',
      config('<device id="D1"/><key type="aes"/><image file="../x.bin"/>'),
      'metadata_invalid',
    ],
  ])('refuses %s and keeps nothing', async (_case, name, body, code) => {
    const refused = await expectRefused(p.member.tokens, 2, name, body, 400, code, keep);
    expect(refused.errors[0]!.resources).toEqual([name]);
    if (code === 'match_failed')
      expect(refused.errors[0]!.messages).toEqual(['Exactly one AES key, please.']);
  });

  it('never reads an external entity into the stored metadata', async () => {
    const refused = await expectRefused(
      p.member.tokens,
      2,
      'config.xml',
      EXTERNAL_ENTITY,
      400,
      'metadata_invalid',
      keep,
    );
    expect(JSON.stringify(refused)).not.toContain('root:');
  });

  it('accepts a draft but submits only a customer-complete configuration', async () => {
    const draft = await kit.uploaded(p.member.tokens, project.id, id(2), 'draft.xml', config(VALID, 'draft'));
    expect(draft).toMatchObject({ kind: 'config', metadata: { deviceId: 'D1' }, customerComplete: false });
    const refused = expectError(
      await kit.resolve(p.member.tokens, project.id, id(2)),
      409,
      'config_not_customer_complete',
    );
    expect(refused.errors[0]!.resources).toEqual(['draft.xml']);
    expectOk(await call('DELETE', `projects/${project.id}/dip/assets/${draft.id}`, p.member.tokens));
    const final = await kit.uploaded(
      p.member.tokens,
      project.id,
      id(2),
      'final.xml',
      config(VALID, 'Customer-Complete'),
    );
    expect(final.customerComplete).toBe(true);
    expectOk(await kit.resolve(p.member.tokens, project.id, id(2)));
    await expectFiles(['layout.pdf', 'final.xml']);
  });
});

describe('the encrypted upload step', () => {
  const keep = ['layout.pdf', 'final.xml'];

  it.each([
    ['a name without .asc', 'app.bin', ARMOURED, 'not_encrypted'],
    ['a file the configuration does not name', 'other.bin.asc', ARMOURED, 'file_not_referenced'],
    [
      'bytes that are not UTF-8',
      'app.bin.asc',
      Buffer.from([0x2d, 0x2d, 0xff, 0xfe, 0x00, 0xc3, 0x28]),
      'unsupported_encoding',
    ],
    ['UTF-8 text that is not an armoured PGP message', 'app.bin.asc', 'just some text', 'not_encrypted'],
  ])('refuses %s and keeps nothing', async (_case, name, body, code) => {
    await expectRefused(p.member.tokens, 3, name, body, 400, code, keep);
  });

  it('submits only when every referenced file is uploaded', async () => {
    expectError(await kit.resolve(p.member.tokens, project.id, id(3)), 409, 'dip_files_missing');
    const asset = await kit.uploaded(p.member.tokens, project.id, id(3), 'app.bin.asc', ARMOURED);
    expect(asset.kind).toBe('encrypted');
    const missing = expectError(
      await kit.resolve(p.member.tokens, project.id, id(3)),
      409,
      'file_not_uploaded',
    );
    expect(missing.errors[0]!.resources).toEqual(['boot.bin.asc']);
    await kit.uploaded(p.member.tokens, project.id, id(3), 'boot.bin.asc', ARMOURED);
    const process = expectOk<DipProcess>(await kit.resolve(p.member.tokens, project.id, id(3)));
    expect(process.activeStepId).toBe(id(4));
    expect(process.steps[2]!.assetCount).toBe(2);
  });

  it('lets files be deleted after submission when the board’s policy is always', async () => {
    expectOk(
      await call('PUT', `boards/${board.id}/secure-workflow`, p.admin, {
        acceptedFileTypes: ['.xml'],
        deletePolicy: 'always',
      }),
    );
    const [first] = expectOk<DipAsset[]>(
      await call('GET', `projects/${project.id}/dip/assets?stepId=${id(1)}`, p.owner),
    );
    expect(first!.filename).toBe('layout.pdf');
    expectOk(await call('DELETE', `projects/${project.id}/dip/assets/${first!.id}`, p.admin));
    await expectFiles(['final.xml', 'app.bin.asc', 'boot.bin.asc']);
  });
});

describe('secure boards', () => {
  it('accept only their file types, and only with a second factor', async () => {
    const promoted = await kit.mfaToken('promoted@portal.test');
    const mfaAdmin = await kit.mfaToken('admin@portal.test');
    const secure = await kit.board(p.admin, 'DIP_Secure_Files', { secure: true });
    const [upload] = (
      await kit.defineDip(p.admin, secure.id, [
        step({ title: 'Upload files', completionType: 'file-upload', secure: true }),
      ])
    ).steps;
    const created = await kit.registered(promoted, 'DIP_Secure_Files');
    const refused = expectError(
      await kit.upload(promoted, created.id, upload!.id, 'notes.pdf', 'x'),
      400,
      'wrong_file_type',
    );
    expect(refused.errors[0]!.messages[0]).toContain('.xml, .asc');
    expect((await kit.uploaded(promoted, created.id, upload!.id, 'notes.xml', '<notes/>')).kind).toBe('file');
    const plainPromoted = await signIn(t.app, { email: 'promoted@portal.test' });
    expectError(await kit.dip(plainPromoted, created.id), 403, 'missing_multifactor_auth');
    expectError(
      await kit.upload(plainPromoted, created.id, upload!.id, 'more.xml', '<x/>'),
      403,
      'missing_multifactor_auth',
    );
    expect((await kit.processOf(mfaAdmin, created.id)).acceptedFileTypes).toEqual(['.xml', '.asc']);
  });
});

describe('with a virus scanner', () => {
  let scanned: TestApp & { filesDir: string };
  let clamd: Awaited<ReturnType<typeof fakeClamd>>;
  const scan = dipTestKit(() => scanned);

  beforeAll(async () => {
    clamd = await fakeClamd();
    scanned = await startDipApp({ CLAMAV_HOST: '127.0.0.1', CLAMAV_PORT: String(clamd.port) });
  });
  afterAll(async () => {
    await scanned?.close();
    await clamd?.close();
  });

  it('flags malware: the file cannot be downloaded and its step not submitted until it is deleted', async () => {
    const people = await scan.people('scan');
    const scanBoard = await scan.board(people.admin, 'DIP_Scan');
    const [only] = (
      await scan.defineDip(people.admin, scanBoard.id, [
        step({ title: 'Upload', completionType: 'file-upload' }),
      ])
    ).steps;
    const created = await scan.project(people, 'DIP_Scan');
    const clean = await scan.uploaded(people.owner, created.id, only!.id, 'clean.txt', 'hello');
    expect(clean).toMatchObject({ scanStatus: 'clean', malwareDetected: false });
    const infected = await scan.uploaded(people.owner, created.id, only!.id, 'eicar.com', EICAR);
    expect(infected).toMatchObject({ scanStatus: 'infected', malwareDetected: true });
    scan.expectError(
      await scan.call('GET', `projects/${created.id}/dip/assets/${infected.id}/content`, people.owner),
      409,
      'malware_detected',
    );
    const blocked = scan.expectError(
      await scan.resolve(people.owner, created.id, only!.id),
      409,
      'malware_detected',
    );
    expect(blocked.errors[0]!.resources).toEqual(['eicar.com']);
    scan.expectOk(
      await scan.call('DELETE', `projects/${created.id}/dip/assets/${infected.id}`, people.owner),
    );
    expect(
      scan.expectOk<DipProcess>(await scan.resolve(people.owner, created.id, only!.id)).workflowStatus,
    ).toBe('resolved');
  });
});
