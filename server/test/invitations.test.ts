import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  INVITATION_PASSWORD_HEADER,
  type Invitation,
  type InvitationDetails,
  type Project,
} from '@portal/resources';
import { invitations } from '../src/db/tables.js';
import { startTestApp, type TestApp } from './support/app.js';
import { signIn, type Tokens } from './support/sign-in.js';
import { demoBoards, projectTestKit } from './projects-support.js';

let t: TestApp;
const kit = projectTestKit(() => t);
const { call, expectError, expectOk, registered } = kit;
let boards: Awaited<ReturnType<typeof demoBoards>>;
let customer: Tokens;
let promoted: Tokens;
let internal: Tokens;
let admin: Tokens;

const withPassword = (password: string) => ({ [INVITATION_PASSWORD_HEADER]: password });
const invite = async (projectId: string, tokens = customer, body?: Record<string, unknown>) =>
  expectOk<Invitation>(await call('POST', `projects/${projectId}/invitations`, tokens, body), 201);
const read = (id: string, tokens: Tokens, password: string) =>
  call('GET', `invitations/${id}`, tokens, undefined, withPassword(password));
const accept = (id: string, tokens: Tokens, password: string) =>
  call('POST', `invitations/${id}/accept`, tokens, undefined, withPassword(password));

beforeAll(async () => {
  t = await startTestApp();
  boards = await demoBoards(t);
  const as = (name: string) => signIn(t.app, { email: `${name}@portal.test` });
  [customer, promoted, internal, admin] = await Promise.all([
    as('customer'),
    as('promoted'),
    as('internal'),
    as('admin'),
  ]);
});
afterAll(() => t?.close());

describe('POST projects/{id}/invitations', () => {
  it('creates a 48-hour link with a made-up password, shown once, stored hashed', async () => {
    const project = await registered(customer, boards.noSerial.name, { name: 'Invite me' });
    const before = Date.now();
    const invitation = await invite(project.id);
    const after = Date.now();
    expect(invitation.link).toBe(`http://localhost:8080/invitation/${invitation.id}`);
    expect(invitation.status).toBe('active');
    expect(invitation.password).toMatch(/^[A-Za-z2-9]{14}$/);
    const expires = new Date(invitation.expiresAt).getTime();
    // Bounded by the call's own start and end, however long a busy machine took to answer.
    expect(expires - before).toBeGreaterThanOrEqual(48 * 3600_000 - 1000);
    expect(expires - after).toBeLessThanOrEqual(48 * 3600_000 + 1000);
    const [row] = await t.database.db.select().from(invitations).where(eq(invitations.id, invitation.id));
    expect(row!.passwordHash).toMatch(/^scrypt\$/);
    expect(row!.passwordHash).not.toContain(invitation.password);
    // The owner sees the open invitation on the project, without its password; members do not.
    const seen = expectOk<Project>(await call('GET', `projects/${project.id}`, customer));
    expect(seen.invitation).toEqual({
      id: invitation.id,
      link: invitation.link,
      expiresAt: invitation.expiresAt,
      status: 'active',
    });
  });

  it('takes a chosen password of at least 8 characters', async () => {
    const project = await registered(customer, boards.noSerial.name);
    const chosen = await invite(project.id, customer, { password: 'let-me-in-please' });
    expect(chosen.password).toBe('let-me-in-please');
    expectError(
      await call('POST', `projects/${project.id}/invitations`, customer, { password: 'short' }),
      400,
      'invalid_request',
    );
  });

  it('is for the owner, substitute and admins', async () => {
    const project = await registered(customer, boards.noSerial.name, { substitute: 'promoted@portal.test' });
    expectError(await call('POST', `projects/${project.id}/invitations`, internal), 403, 'forbidden');
    await invite(project.id, promoted);
    await invite(project.id, admin);
  });

  it('revokes the previous invitation', async () => {
    const project = await registered(customer, boards.noSerial.name);
    const first = await invite(project.id);
    const second = await invite(project.id);
    expectError(await read(first.id, internal, first.password!), 410, 'invitation_no_longer_valid');
    expectOk(await read(second.id, internal, second.password!));
    expect(expectOk<Project>(await call('GET', `projects/${project.id}`, customer)).invitation?.id).toBe(
      second.id,
    );
  });
});

describe('GET invitations/{id} and POST invitations/{id}/accept', () => {
  it('shows the invitation to whoever has the password, then lets them join as a member', async () => {
    const project = await registered(customer, boards.noSerial.name, { name: 'Join us' });
    const { id, password } = await invite(project.id);
    const joiner = await kit.account('joiner@portal.test', { space: 'Acme Devices' });
    const details = expectOk<InvitationDetails>(await read(id, joiner.tokens, password!));
    expect(details).toMatchObject({
      id,
      status: 'active',
      project: { uuid: project.id, name: 'Join us', boardName: boards.noSerial.name, secure: false },
      invitedBy: 'customer@portal.test',
    });
    expect(details.password).toBeUndefined();
    // Only people of the project's company space join (internal@ has none).
    expectError(await accept(id, internal, password!), 409, 'wrong_company_space');
    const joined = expectOk<Project>(await accept(id, joiner.tokens, password!));
    expect(joined.members.find((m) => m.email === 'joiner@portal.test')?.roles).toEqual(['member']);
    expectOk(await call('GET', `projects/${project.id}`, joiner.tokens));
    // The link stays good for others until it expires.
    expectOk(await accept(id, promoted, password!));
    expectError(await accept(id, joiner.tokens, password!), 409, 'invitation_already_member');
    expectError(await read(id, customer, password!), 409, 'invitation_already_member');
  });

  it('answers each failure with its own code', async () => {
    const project = await registered(customer, boards.noSerial.name);
    const { id, password } = await invite(project.id);
    expectError(
      await read('00000000-0000-4000-8000-000000000000', internal, 'whatever'),
      404,
      'invitation_missing',
    );
    expectError(await read(id, internal, 'wrong-password'), 403, 'invitation_invalid_password');
    expectError(await accept(id, internal, 'wrong-password'), 403, 'invitation_invalid_password');
    const missing = await call('GET', `invitations/${id}`, internal);
    expect(expectError(missing, 400, 'invalid_request').errors[0]!.messages).toEqual([
      'Password is required.',
    ]);
    expectError(
      await call('GET', `invitations/${id}`, internal, undefined, withPassword(' ')),
      400,
      'invalid_request',
    );
    await t.database.db
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitations.id, id));
    expectError(await read(id, internal, password!), 410, 'invitation_expired');
    expectError(await accept(id, internal, password!), 410, 'invitation_expired');
    // A wrong password learns nothing about the state of the invitation.
    expectError(await read(id, internal, 'wrong-password'), 403, 'invitation_invalid_password');
    expect(expectOk<Project>(await call('GET', `projects/${project.id}`, customer)).invitation?.status).toBe(
      'expired',
    );
  });

  it('is no longer valid once its project is cancelled', async () => {
    const project = await registered(customer, boards.noSerial.name);
    const { id, password } = await invite(project.id);
    expectOk(await call('POST', `projects/${project.id}/cancel/request`, customer));
    expectOk(await call('POST', `projects/${project.id}/cancel/accept`, admin));
    expectError(await accept(id, internal, password!), 410, 'invitation_no_longer_valid');
    expectError(await call('POST', `projects/${project.id}/invitations`, customer), 409, 'conflict');
  });

  it('limits password guesses per invitation and caller', async () => {
    const project = await registered(customer, boards.noSerial.name);
    const { id, password } = await invite(project.id);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) statuses.push((await read(id, promoted, `guess-${i}`)).statusCode);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(403));
    expect(statuses[10]).toBe(429);
    expectError(await read(id, promoted, password!), 429, 'too_many_requests');
    // Another invitee of the same link is not held up.
    expectOk(await read(id, internal, password!));
  });
});

describe('DELETE projects/{id}/invitations/{invitationId}', () => {
  it('revokes the invitation and answers it as expired', async () => {
    const project = await registered(customer, boards.noSerial.name);
    const other = await registered(customer, boards.noSerial.name);
    const { id, password } = await invite(project.id);
    expectError(
      await call('DELETE', `projects/${other.id}/invitations/${id}`, customer),
      404,
      'invitation_missing',
    );
    expectError(await call('DELETE', `projects/${project.id}/invitations/${id}`, internal), 403, 'forbidden');
    const revoked = expectOk<Invitation>(
      await call('DELETE', `projects/${project.id}/invitations/${id}`, customer),
    );
    expect(revoked).toMatchObject({ id, status: 'expired' });
    expect(revoked.password).toBeUndefined();
    expectError(await accept(id, internal, password!), 410, 'invitation_no_longer_valid');
    expect(expectOk<Project>(await call('GET', `projects/${project.id}`, customer)).invitation).toBeNull();
    expectError(
      await call(
        'DELETE',
        `projects/${project.id}/invitations/00000000-0000-4000-8000-000000000000`,
        customer,
      ),
      404,
      'invitation_missing',
    );
  });
});

describe('invitations to secure projects', () => {
  it('tells they are secure, and need a promoted user with a second factor', async () => {
    const mfa = await kit.mfaToken('promoted@portal.test');
    const project = await registered(mfa, boards.serial(boards.secure, 3), { name: 'Secure invite' });
    const { id, password } = await invite(project.id, mfa);
    expect(expectOk(await call('GET', `invitations/${id}/secure`, customer))).toEqual({ isSecure: true });
    expectError(
      await call('GET', 'invitations/00000000-0000-4000-8000-000000000000/secure', customer),
      404,
      'invitation_missing',
    );
    expectError(await read(id, customer, password!), 403, 'not_promoted');
    const other = await kit.account('promoted2@example.com', {
      roles: ['Promoted User'],
      space: 'Acme Devices',
    });
    expectError(await accept(id, other.tokens, password!), 403, 'missing_multifactor_auth');
    const otherMfa = await kit.mfaToken('promoted2@example.com', 'a-long-password');
    const joined = expectOk<Project>(await accept(id, otherMfa, password!));
    expect(joined.members.map((m) => m.email)).toContain('promoted2@example.com');
    const open = await registered(customer, boards.noSerial.name);
    const plain = await invite(open.id);
    expect(expectOk(await call('GET', `invitations/${plain.id}/secure`, customer))).toEqual({
      isSecure: false,
    });
  });
});
