import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { renderContract } from './contract.js';

const root = path.resolve(import.meta.dirname, '..');

it('keeps the generated JSON Schema and TypeScript declarations in step with the zod schemas', async () => {
  const files = await renderContract();
  expect(files.size).toBeGreaterThan(2);
  for (const [relative, content] of files) {
    const file = path.join(root, relative);
    expect(fs.existsSync(file), `${relative} is missing: run pnpm gen`).toBe(true);
    expect(fs.readFileSync(file, 'utf8'), `${relative} is stale: run pnpm gen`).toBe(content);
  }
  for (const folder of ['json-schema', 'generated']) {
    for (const name of fs.readdirSync(path.join(root, folder))) {
      expect(files.has(`${folder}/${name}`), `${folder}/${name} is left over: run pnpm gen`).toBe(true);
    }
  }
});
