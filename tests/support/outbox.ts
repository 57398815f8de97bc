import fs from 'node:fs';
import path from 'node:path';

/** Decodes a quoted-printable body (soft line breaks and =XX escapes), as mail clients do. */
function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The newest message in the server's .eml outbox sent to an address, waiting for it to arrive. */
export async function latestMailTo(address: string, timeoutMs = 10_000): Promise<string> {
  const outbox = path.join(process.env.E2E_DATA_DIR!, 'outbox');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const files = fs.existsSync(outbox) ? fs.readdirSync(outbox).sort().reverse() : [];
    for (const file of files) {
      const raw = fs.readFileSync(path.join(outbox, file), 'utf8');
      if (new RegExp(`^To: ${address.replace(/[.+]/g, '\\$&')}$`, 'mi').test(raw))
        return decodeQuotedPrintable(raw);
    }
    if (Date.now() > deadline) throw new Error(`no mail to ${address} in ${outbox}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
