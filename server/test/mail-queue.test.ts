import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import type { DatabaseHandle } from '../src/db/client.js';
import { mailQueue } from '../src/db/schema-mail.js';
import { createMailer, type Mail, type Mailer } from '../src/mail/mailer.js';
import { createMailQueue, RETRY_DELAYS_MS } from '../src/mail/queue.js';
import type { Clock } from '../src/payments/clock.js';
import { freshDatabase, testConfig, usingPostgres } from './support/app.js';

let database: DatabaseHandle;
const folders: string[] = [];

beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(async () => {
  await database?.close();
  for (const folder of folders) await fs.rm(folder, { recursive: true, force: true });
});
beforeEach(async () => {
  await database.db.delete(mailQueue);
});

/** A mailer that records, optionally slowly or failing. */
function recorder(options: { delayMs?: () => number; fail?: (mail: Mail) => boolean } = {}) {
  const sent: Mail[] = [];
  const mailer: Mailer = {
    sent,
    async send(mail) {
      const delay = options.delayMs?.() ?? 0;
      if (delay) await new Promise((resolve) => setTimeout(resolve, delay));
      if (options.fail?.(mail)) throw new Error('550 mailbox unavailable');
      sent.push(mail);
    },
  };
  return mailer;
}

function movableClock(start = new Date()): Clock & { advance(ms: number): void } {
  let now = start.getTime();
  return { now: () => new Date(now), advance: (ms) => void (now += ms) };
}

const rows = () => database.db.select().from(mailQueue).orderBy(mailQueue.createdAt, mailQueue.recipient);
const mail = (to: string, subject = 'Hello') => ({ to, subject, text: `Text for ${to}`, kind: 'test' });

/**
 * A minimal SMTP server: greets, accepts EHLO/MAIL/RCPT/DATA/QUIT, and keeps each message. While `refuse` is set
 * it answers MAIL FROM with `451` (a temporary failure, as a greylisting or overloaded server does).
 */
function fakeSmtp() {
  const messages: string[] = [];
  const state = { refuse: false, connections: 0 };
  const server = net.createServer((socket) => {
    state.connections += 1;
    let buffer = '';
    let inData = false;
    let data = '';
    socket.write('220 fake.smtp ESMTP ready\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let lineEnd: number;
      while ((lineEnd = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, lineEnd);
        buffer = buffer.slice(lineEnd + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            messages.push(data);
            data = '';
            socket.write('250 2.0.0 queued\r\n');
          } else data += `${line}\n`;
          continue;
        }
        const command = line.slice(0, 4).toUpperCase();
        if (command === 'EHLO' || command === 'HELO') socket.write('250-fake.smtp\r\n250 8BITMIME\r\n');
        else if (command === 'MAIL')
          socket.write(state.refuse ? '451 4.7.1 try again later\r\n' : '250 2.1.0 ok\r\n');
        else if (command === 'RCPT') socket.write('250 2.1.5 ok\r\n');
        else if (command === 'DATA') {
          inData = true;
          socket.write('354 go ahead\r\n');
        } else if (command === 'RSET') socket.write('250 ok\r\n');
        else if (command === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('502 not implemented\r\n');
      }
    });
    socket.on('error', () => undefined);
  });
  return {
    messages,
    state,
    async listen() {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return (server.address() as net.AddressInfo).port;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('enqueue and delivery', () => {
  it('writes rows and delivers them to the .eml outbox folder, marking them sent', async () => {
    const outbox = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-outbox-'));
    folders.push(outbox);
    const queue = createMailQueue({ db: database.db, mailer: createMailer({ outboxDir: outbox }) });
    await queue.enqueue([mail('a@example.com', 'First'), mail('b@example.com', 'Second')]);
    expect((await rows()).map((row) => [row.recipient, row.status])).toEqual([
      ['a@example.com', 'pending'],
      ['b@example.com', 'pending'],
    ]);
    expect(await queue.drain()).toEqual({ sent: 2, failed: 0 });
    const files = (await fs.readdir(outbox)).filter((name) => name.endsWith('.eml'));
    expect(files).toHaveLength(2);
    const texts = await Promise.all(files.map((name) => fs.readFile(path.join(outbox, name), 'utf8')));
    expect(texts.some((text) => /^To: a@example\.com$/m.test(text) && /^Subject: First$/m.test(text))).toBe(
      true,
    );
    expect(texts.some((text) => text.includes('Text for b@example.com'))).toBe(true);
    const after = await rows();
    expect(after.every((row) => row.status === 'sent' && row.sentAt && row.attempts === 1)).toBe(true);
    expect(await queue.drain()).toEqual({ sent: 0, failed: 0 });
  });

  it('writes nothing when the caller’s transaction rolls back, and the mail when it commits', async () => {
    const mailer = recorder();
    const queue = createMailQueue({ db: database.db, mailer });
    await database.db
      .transaction(async (tx) => {
        await queue.enqueue(mail('rolled-back@example.com'), tx);
        throw new Error('the change failed');
      })
      .catch(() => undefined);
    await database.db.transaction(async (tx) => queue.enqueue(mail('committed@example.com'), tx));
    await queue.drain();
    expect(mailer.sent.map((m) => m.to)).toEqual(['committed@example.com']);
  });

  it('delivers in the background once started, without being asked', async () => {
    const mailer = recorder();
    const queue = createMailQueue({ db: database.db, mailer, pollIntervalMs: 100 });
    queue.start();
    try {
      await queue.enqueue(mail('background@example.com'));
      await database.db.transaction(async (tx) => queue.enqueue(mail('after-commit@example.com'), tx));
      await expect
        .poll(() => mailer.sent.map((m) => m.to).sort(), { timeout: 5000 })
        .toEqual(['after-commit@example.com', 'background@example.com']);
    } finally {
      await queue.stop();
    }
  });

  it('never keeps the caller waiting for a slow mail server', async () => {
    // The mail server answers only after the enqueues are back: an enqueue that waited for it never would be.
    let answerMail!: () => void;
    const mailAnswers = new Promise<void>((resolve) => (answerMail = resolve));
    const mailer: Mailer = {
      sent: [],
      send: async (m) => {
        await mailAnswers;
        mailer.sent.push(m);
      },
    };
    const queue = createMailQueue({ db: database.db, mailer });
    queue.start();
    try {
      await queue.enqueue(mail('first@example.com'));
      for (let i = 0; i < 5; i += 1) await queue.enqueue(mail(`next${i}@example.com`));
      expect(mailer.sent).toEqual([]);
    } finally {
      answerMail();
      await queue.stop();
    }
  });
});

describe('retries', () => {
  const smtp = fakeSmtp();
  let port: number;
  beforeAll(async () => {
    port = await smtp.listen();
  });
  afterAll(() => smtp.close());

  it('retries a mail the SMTP server refused, after the back-off, and then delivers it', async () => {
    const clock = movableClock();
    const queue = createMailQueue({
      db: database.db,
      mailer: createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, outboxDir: null }),
      clock,
    });
    smtp.state.refuse = true;
    await queue.enqueue(mail('greylisted@example.com', 'Retry me'));
    expect(await queue.drain()).toEqual({ sent: 0, failed: 1 });
    let [row] = await rows();
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lockedUntil: null });
    expect(row!.lastError).toMatch(/451/);
    expect(row!.nextAttemptAt.getTime()).toBe(clock.now().getTime() + RETRY_DELAYS_MS[0]!);

    // Not before its time, even with the server back.
    smtp.state.refuse = false;
    expect(await queue.drain()).toEqual({ sent: 0, failed: 0 });
    clock.advance(RETRY_DELAYS_MS[0]! + 1);
    expect(await queue.drain()).toEqual({ sent: 1, failed: 0 });
    [row] = await rows();
    expect(row).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    expect(smtp.messages).toHaveLength(1);
    expect(smtp.messages[0]).toMatch(/^Subject: Retry me$/m);
    expect(smtp.messages[0]).toMatch(/^To: greylisted@example\.com$/m);
  });

  it('retries an SMTP server that is not there, and gives up after the last delay', async () => {
    const clock = movableClock();
    const closed = fakeSmtp();
    const deadPort = await closed.listen();
    await closed.close();
    const queue = createMailQueue({
      db: database.db,
      mailer: createMailer({ smtpUrl: `smtp://127.0.0.1:${deadPort}`, outboxDir: null }),
      clock,
      retryDelaysMs: [1000, 2000],
    });
    await queue.enqueue(mail('nobody-home@example.com'));
    expect(await queue.drain()).toEqual({ sent: 0, failed: 1 });
    clock.advance(1000);
    expect(await queue.drain()).toEqual({ sent: 0, failed: 1 });
    clock.advance(2000);
    expect(await queue.drain()).toEqual({ sent: 0, failed: 1 });
    const [row] = await rows();
    expect(row).toMatchObject({ status: 'failed', attempts: 3 });
    expect(row!.lastError).toMatch(/ECONNREFUSED/);
    clock.advance(24 * 60 * 60 * 1000);
    expect(await queue.drain()).toEqual({ sent: 0, failed: 0 });
  });

  it('gives a hanging delivery up before its claim runs out, and retries it', async () => {
    const clock = movableClock();
    let hang = true;
    let sendStarted = 0;
    const mailer: Mailer = {
      sent: [],
      send: (m) => {
        sendStarted = Date.now();
        return hang ? new Promise(() => undefined) : Promise.resolve(void mailer.sent.push(m));
      },
    };
    const leaseMs = 5000;
    const queue = createMailQueue({ db: database.db, mailer, clock, leaseMs });
    await queue.enqueue(mail('slow@example.com'));
    expect(await queue.drain()).toEqual({ sent: 0, failed: 1 });
    // Timed from the send, not the claim: given up and recorded within the lease. The lease is long enough that the
    // part of it the queue keeps back (a fifth) is room for the statements after the send on a busy machine.
    expect(Date.now() - sendStarted).toBeLessThan(leaseMs);
    expect((await rows())[0]!.lastError).toMatch(/did not answer/);
    hang = false;
    clock.advance(RETRY_DELAYS_MS[0]!);
    expect(await queue.drain()).toEqual({ sent: 1, failed: 0 });
  });
});

describe('durability', () => {
  it('delivers, on the next start, what a killed server left: unsent rows and rows whose claim ran out', async () => {
    const now = new Date();
    // What a server killed mid-work leaves: a row never tried, a row claimed by the killed worker (lease expired),
    // and a row another, live, server holds right now (lease running).
    await database.db.insert(mailQueue).values([
      { ...mailRow('never-tried@example.com'), nextAttemptAt: now },
      { ...mailRow('claimed-by-dead@example.com'), attempts: 1, lockedUntil: new Date(now.getTime() - 1000) },
      { ...mailRow('held-by-live@example.com'), attempts: 1, lockedUntil: new Date(now.getTime() + 60_000) },
    ]);
    // And a first app that queued a mail and was stopped before its worker ran.
    const config = testConfig();
    const first = await buildApp(config, { database, inMemory: true, logger: false, mailWorker: false });
    await first.ready();
    await first.mail.enqueue(mail('queued-before-kill@example.com'));
    await first.close();
    expect(first.mailer.sent).toEqual([]);

    const mailer = recorder();
    const next = await buildApp(config, { database, inMemory: true, logger: false, mailer });
    try {
      await next.ready();
      await expect
        .poll(() => mailer.sent.map((m) => m.to).sort(), { timeout: 10_000 })
        .toEqual([
          'claimed-by-dead@example.com',
          'never-tried@example.com',
          'queued-before-kill@example.com',
        ]);
      const live = (await rows()).find((row) => row.recipient === 'held-by-live@example.com');
      expect(live).toMatchObject({ status: 'pending', attempts: 1 });
    } finally {
      await next.close();
    }
    // Two app starts (the first seeds the demo data): slow on a loaded machine.
  }, 180_000);

  it('lets two workers on one database deliver every mail exactly once', async () => {
    const total = 60;
    await database.db
      .insert(mailQueue)
      .values(
        Array.from({ length: total }, (_, i) => mailRow(`person${String(i).padStart(2, '0')}@example.com`)),
      );
    const jitter = () => Math.floor(Math.random() * 15);
    const first = recorder({ delayMs: jitter });
    const second = recorder({ delayMs: jitter });
    const queues = [first, second].map((mailer) =>
      createMailQueue({ db: database.db, mailer, batchSize: 5, pollIntervalMs: 20 }),
    );
    queues.forEach((queue) => queue.start());
    try {
      await Promise.all(queues.map((queue) => queue.drain()));
      await expect.poll(() => first.sent.length + second.sent.length, { timeout: 10_000 }).toBe(total);
    } finally {
      await Promise.all(queues.map((queue) => queue.stop()));
    }
    const recipients = [...first.sent, ...second.sent].map((m) => m.to);
    expect(new Set(recipients).size).toBe(total);
    expect(recipients).toHaveLength(total);
    if (usingPostgres()) {
      // On PostgreSQL both really ran at once (PGlite has one connection, so there they take turns).
      expect(first.sent.length).toBeGreaterThan(0);
      expect(second.sent.length).toBeGreaterThan(0);
    }
    const [counts] = (
      (await database.db.execute(
        sql`select count(*) filter (where status = 'sent')::int as sent, sum(attempts)::int as attempts from mail_queue`,
      )) as unknown as { rows: { sent: number; attempts: number }[] }
    ).rows;
    expect(counts).toEqual({ sent: total, attempts: total });
  });

  it('prunes sent mail older than the retention', async () => {
    const clock = movableClock();
    const old = new Date(clock.now().getTime() - 31 * 24 * 60 * 60 * 1000);
    await database.db.insert(mailQueue).values([
      { ...mailRow('old@example.com'), status: 'sent', sentAt: old },
      { ...mailRow('recent@example.com'), status: 'sent', sentAt: clock.now() },
      { ...mailRow('old-failed@example.com'), status: 'failed' },
    ]);
    const queue = createMailQueue({ db: database.db, mailer: recorder(), clock });
    await queue.drain();
    expect((await rows()).map((row) => row.recipient).sort()).toEqual([
      'old-failed@example.com',
      'recent@example.com',
    ]);
    await database.db.delete(mailQueue).where(eq(mailQueue.status, 'failed'));
  });
});

function mailRow(to: string) {
  return { recipient: to, subject: 'Left behind', body: `For ${to}`, kind: 'test' };
}
