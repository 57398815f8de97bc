import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Project } from '@portal/resources';
import { eq } from 'drizzle-orm';
import { projectMembers, projects } from '../src/db/tables.js';
import type { Mail } from '../src/mail/mailer.js';
import { notificationRecipients, notifyProjectMembers } from '../src/mail/notify.js';
import { startTestApp, TEST_PUBLIC_URL, type TestApp } from './support/app.js';
import { signIn, type Tokens } from './support/sign-in.js';
import { demoBoards, projectTestKit } from './projects-support.js';

/**
 * Project notifications (spec product §3 notification settings): members whose setting of the type is enabled —
 * missing counts as enabled — get one mail each through the durable queue; the person who acted gets none.
 */
let t: TestApp;
const kit = projectTestKit(() => t);
const { call, expectOk } = kit;
let customer: Tokens;
let admin: Tokens;
let project: Project;
let people: Record<'colleague' | 'quiet' | 'picky', { tokens: Tokens; id: string; email: string }>;

/** Delivers what is queued and answers who got mail since the last call, with the mails. */
let seen = 0;
async function delivered(): Promise<Mail[]> {
  await t.app.mail.drain();
  const mails = t.app.mailer.sent.slice(seen);
  seen = t.app.mailer.sent.length;
  return mails;
}
const recipientsOf = (mails: Mail[]) => mails.map((mail) => mail.to).sort();

beforeAll(async () => {
  t = await startTestApp();
  const boards = await demoBoards(t);
  [customer, admin] = await Promise.all([
    signIn(t.app, { email: 'customer@portal.test' }),
    signIn(t.app, { email: 'admin@portal.test' }),
  ]);
  project = await kit.registered(customer, boards.noSerial.name, { name: 'Notified' });
  people = {
    colleague: await kit.account('colleague@example.com'),
    quiet: await kit.account('quiet@example.com'),
    picky: await kit.account('picky@example.com'),
  };
  await t.database.db.insert(projectMembers).values(
    Object.values(people).map((person) => ({
      projectId: project.id,
      userId: person.id,
      role: 'member' as const,
    })),
  );
  // quiet wants no status mails; picky wants no design-in mails; colleague changed nothing (all enabled).
  const setting = async (who: Tokens, type: string, enabled: boolean) =>
    expectOk(await call('PATCH', `projects/${project.id}/users/me/notifications`, who, { type, enabled }));
  await setting(people.quiet.tokens, 'project-status-change', false);
  await setting(people.picky.tokens, 'dip-status-change', false);
  await setting(people.picky.tokens, 'project-status-change', true);
  await delivered();
  // Demo data, sign-ins and three accounts: slow on a loaded machine.
}, 180_000);

afterAll(async () => {
  await t?.close();
});

describe('project status changes', () => {
  it('mail the members with the setting enabled, not the one who acted', async () => {
    expectOk(await call('POST', `projects/${project.id}/cancel/request`, customer));
    const mails = await delivered();
    expect(recipientsOf(mails)).toEqual(['colleague@example.com', 'picky@example.com']);
    const [mail] = mails;
    expect(mail!.subject).toBe('Notified: cancellation requested');
    expect(mail!.text).toContain('Status: active → cancellation-requested');
    expect(mail!.text).toContain(`${TEST_PUBLIC_URL}/my/projects/${project.id}`);
    expect(mail!.text).toContain(`${TEST_PUBLIC_URL}/my/projects/${project.id}/manage-notifications`);
  });

  it('mail the owner too when the provider acts', async () => {
    expectOk(await call('POST', `projects/${project.id}/cancel/reject`, admin));
    const mails = await delivered();
    expect(recipientsOf(mails)).toEqual([
      'colleague@example.com',
      'customer@portal.test',
      'picky@example.com',
    ]);
    expect(mails[0]!.subject).toBe('Notified: the cancellation was rejected; the project is active again');
  });

  it('send nothing for a refused change', async () => {
    const refused = await call('POST', `projects/${project.id}/cancel/accept`, admin);
    expect(refused.statusCode).toBe(409);
    expect(await delivered()).toEqual([]);
  });

  it('do not keep the caller waiting for a slow mail server', async () => {
    const mailer = t.app.mailer;
    const send = mailer.send;
    // The mail server answers only after the call has: a call that waited for it would never answer.
    let answerMail!: () => void;
    const mailAnswers = new Promise<void>((resolve) => (answerMail = resolve));
    mailer.send = async (mail) => {
      await mailAnswers;
      return send(mail);
    };
    try {
      expectOk(await call('POST', `projects/${project.id}/cancel/request`, customer));
    } finally {
      answerMail();
      mailer.send = send;
    }
    expect(recipientsOf(await delivered())).toEqual(['colleague@example.com', 'picky@example.com']);
    expectOk(await call('POST', `projects/${project.id}/cancel/reject`, admin));
    await delivered();
  });
});

describe('user values in mails', () => {
  it('stay text on their own line: a name cannot add lines, links or headers', async () => {
    const boards = await demoBoards(t);
    const forged = await kit.registered(customer, boards.noSerial.name, { name: 'Forged' });
    // A name from before names were one line, or written by another path: the mail flattens it.
    await t.database.db
      .update(projects)
      .set({ name: 'Forged\r\nBcc: all@example.com\n\nOpen http://evil.example\u2028now' })
      .where(eq(projects.id, forged.id));
    await t.database.db
      .insert(projectMembers)
      .values({ projectId: forged.id, userId: people.colleague.id, role: 'member' as const });
    expectOk(await call('POST', `projects/${forged.id}/cancel/request`, customer));
    const [mail] = await delivered();
    expect(mail!.subject).toBe(
      'Forged Bcc: all@example.com Open http://evil.example now: cancellation requested',
    );
    const lines = mail!.text.split('\n');
    expect(lines).toContain('Project: Forged Bcc: all@example.com Open http://evil.example now');
    expect(lines.some((line) => line.startsWith('Bcc:') || line.startsWith('Open http'))).toBe(false);
  });
});

describe('design-in status changes', () => {
  it('mail the members whose dip-status-change setting is enabled', async () => {
    expectOk(
      await call('PATCH', `projects/${project.id}`, customer, {
        uuid: project.id,
        dipStatus: 'assigned-to-owner',
      }),
    );
    const mails = await delivered();
    expect(recipientsOf(mails)).toEqual(['colleague@example.com', 'quiet@example.com']);
    expect(mails[0]!.text).toContain('Design-in status: none → assigned-to-owner');
    // The same status again is no change.
    expectOk(
      await call('PATCH', `projects/${project.id}`, customer, {
        uuid: project.id,
        dipStatus: 'assigned-to-owner',
      }),
    );
    expectOk(await call('PATCH', `projects/${project.id}`, customer, { uuid: project.id, name: 'Notified' }));
    expect(await delivered()).toEqual([]);
  });
});

describe('notifyProjectMembers', () => {
  it('resolves every member with the setting enabled (none set: enabled), leaving out the excluded', async () => {
    const recipients = await notificationRecipients(t.database.db, {
      projectId: project.id,
      type: 'asset-upload',
      excludeUserId: people.colleague.id,
    });
    expect(recipients.map((r) => r.email)).toEqual([
      'customer@portal.test',
      'picky@example.com',
      'quiet@example.com',
    ]);
  });

  it('queues the mails inside the caller’s transaction: none when it rolls back', async () => {
    const notification = {
      projectId: project.id,
      type: 'asset-upload' as const,
      subject: 'Notified: new file',
      text: 'boot.bin was uploaded.',
    };
    await t.database.db
      .transaction(async (tx) => {
        expect(await notifyProjectMembers(tx, t.app.mail, notification)).toBe(4);
        throw new Error('the upload failed');
      })
      .catch(() => undefined);
    expect(await delivered()).toEqual([]);
    await t.database.db.transaction((tx) => notifyProjectMembers(tx, t.app.mail, notification));
    const mails = await delivered();
    expect(recipientsOf(mails)).toEqual([
      'colleague@example.com',
      'customer@portal.test',
      'picky@example.com',
      'quiet@example.com',
    ]);
    expect(mails.every((mail) => mail.subject === 'Notified: new file')).toBe(true);
  });

  it('mails nobody when everyone turned the type off, and nobody for an unknown project', async () => {
    for (const who of [customer, ...Object.values(people).map((p) => p.tokens)]) {
      expectOk(
        await call('PATCH', `projects/${project.id}/users/me/notifications`, who, {
          type: 'asset-upload',
          enabled: false,
        }),
      );
    }
    expect(
      await notifyProjectMembers(t.database.db, t.app.mail, {
        projectId: project.id,
        type: 'asset-upload',
        subject: 's',
        text: 't',
      }),
    ).toBe(0);
    expect(
      await notificationRecipients(t.database.db, {
        projectId: '00000000-0000-4000-8000-000000000000',
        type: 'asset-upload',
      }),
    ).toEqual([]);
    expect(await delivered()).toEqual([]);
  });
});
