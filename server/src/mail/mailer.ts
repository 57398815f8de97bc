import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  /** Messages sent by an in-memory mailer (tests); empty otherwise. */
  readonly sent: Mail[];
}

/**
 * A user's value as it goes into a line of a mail (plain text, never HTML): line breaks and control characters
 * become one space, so a name, title or file name cannot add lines, headers or links of its own.
 */
export function mailLine(value: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is flattened here
  return value.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ');
}

const MAIL_FROM = 'Developer Portal <no-reply@portal.test>';

/**
 * Delivers one message now. Routes never call it: they queue mail (`queue.ts`), whose worker calls this.
 * Mail leaves through SMTP when SMTP_URL is set; otherwise each message is written as an .eml file to the
 * outbox folder (DATA_DIR/outbox), where a person or a test reads it. Without a folder it stays in memory.
 */
export function createMailer(options: { smtpUrl?: string; outboxDir: string | null; from?: string }): Mailer {
  const from = options.from ?? MAIL_FROM;
  const sent: Mail[] = [];
  if (options.smtpUrl) {
    // Bounded waits: the mail queue gives a delivery up (and retries it later) before its claim on the row runs
    // out, so a hanging server must not hold a send for nodemailer's default ten minutes. Settings in the URL's
    // query win over these.
    const transport = nodemailer.createTransport({
      url: options.smtpUrl,
      connectionTimeout: 30_000,
      greetingTimeout: 30_000,
      socketTimeout: 60_000,
    });
    return { sent, send: async (mail) => void (await transport.sendMail({ from, ...mail })) };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const { outboxDir } = options;
  return {
    sent,
    send: async (mail) => {
      if (!outboxDir) {
        sent.push(mail);
        return;
      }
      const info = await transport.sendMail({ from, ...mail });
      await fs.mkdir(outboxDir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`;
      await fs.writeFile(path.join(outboxDir, name), info.message as Buffer);
    },
  };
}
