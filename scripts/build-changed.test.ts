import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
// @ts-expect-error: a plain-Node script without type declarations (it must start without tsx).
import { staleBuilds } from './build-changed.mjs';

interface Stale {
  pkg: { name: string };
  hash: string;
}
const stale = (base: string): string[] => (staleBuilds({ base }) as Stale[]).map(({ pkg }) => pkg.name);

/** A checkout in miniature: one source per package, the shared inputs, nothing built. */
const FILES = {
  'package.json': '{"browserslist":["chrome >= 80"]}',
  'pnpm-lock.yaml': 'lockfileVersion: 9.0',
  'resources/src/rules.ts': 'export const LIMIT = 1;',
  'data-provider/src/client.ts': 'export const client = 1;',
  'server/src/main.ts': 'export {};',
  'customer-app/src/main.tsx': 'export {};',
  'customer-app/src/main.test.tsx': 'export {};',
  'admin-app/src/main.tsx': 'export {};',
  'admin-app/README.md': '# console',
};
const ALL = ['resources', 'server', 'customer-app', 'admin-app'];

let base: string;
const write = (file: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(base, file)), { recursive: true });
  fs.writeFileSync(path.join(base, file), text);
};
/** What a successful build leaves: the hash of the inputs it was built from. */
const recordBuilt = () => {
  for (const { pkg, hash } of staleBuilds({ base }) as Stale[])
    write(`${pkg.name}/dist/.build-hash`, `${hash}\n`);
};

beforeEach(() => {
  vi.spyOn(console, 'log').mockImplementation(() => {});
  base = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-build-changed-'));
  for (const [file, text] of Object.entries(FILES)) write(file, text);
});
afterEach(() => fs.rmSync(base, { recursive: true, force: true }));

describe("pnpm start's build", () => {
  it('builds everything on a fresh clone and nothing once built', () => {
    expect(stale(base)).toEqual(ALL);
    recordBuilt();
    expect(stale(base)).toEqual([]);
  });

  it.each([
    ['customer-app/src/main.tsx', ['customer-app']],
    ['admin-app/src/main.tsx', ['admin-app']],
    ['server/src/main.ts', ['server']],
    ['resources/src/rules.ts', ['resources', 'customer-app', 'admin-app']],
    ['data-provider/src/client.ts', ['customer-app', 'admin-app']],
    ['package.json', ['customer-app', 'admin-app']],
    ['pnpm-lock.yaml', ALL],
    ['customer-app/src/main.test.tsx', []],
    ['admin-app/README.md', []],
  ])('rebuilds after a change to %s only what reads it', (file, rebuilt) => {
    recordBuilt();
    write(file, `${fs.readFileSync(path.join(base, file), 'utf8')}\n// changed`);
    expect(stale(base)).toEqual(rebuilt);
  });

  it('builds again a package whose build was interrupted (no hash left)', () => {
    recordBuilt();
    fs.rmSync(path.join(base, 'admin-app/dist/.build-hash'));
    expect(stale(base)).toEqual(['admin-app']);
  });
});
