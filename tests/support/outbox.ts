import fs from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';

/** Decodes a quoted-printable body (soft line breaks and =XX escapes), as mail clients do. */
function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The newest message in the .eml outbox sent to an address, if any. */
function newestMailTo(outbox: string, address: string): string | undefined {
  const files = fs.existsSync(outbox) ? fs.readdirSync(outbox).sort().reverse() : [];
  const to = new RegExp(`^To: ${address.replace(/[.+]/g, '\\$&')}$`, 'mi');
  return files.map((file) => fs.readFileSync(path.join(outbox, file), 'utf8')).find((raw) => to.test(raw));
}

/**
 * The newest message in the server's .eml outbox sent to an address, waiting for it to arrive: the mail queue
 * sends after the answer, so as long as any other expected state (the expect timeout), not a bound of its own.
 */
export async function latestMailTo(address: string): Promise<string> {
  const outbox = path.join(process.env.E2E_DATA_DIR!, 'outbox');
  let raw: string | undefined;
  await expect
    .poll(() => (raw = newestMailTo(outbox, address)), { message: `a mail to ${address} in ${outbox}` })
    .toBeDefined();
  return decodeQuotedPrintable(raw!);
}
