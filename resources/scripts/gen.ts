import fs from 'node:fs';
import path from 'node:path';
import { renderContract } from './contract.js';

// `pnpm gen` writes the contract; `pnpm gen --check` only tells whether the files on disk are stale.
const root = path.resolve(import.meta.dirname, '..');
const check = process.argv.includes('--check');
const files = await renderContract();
const stale: string[] = [];
for (const [relative, content] of files) {
  const file = path.join(root, relative);
  const current = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null;
  if (current === content) continue;
  stale.push(relative);
  if (!check) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, content);
  }
}
for (const folder of ['json-schema', 'generated']) {
  const dir = path.join(root, folder);
  for (const name of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {
    const relative = `${folder}/${name}`;
    if (files.has(relative)) continue;
    stale.push(relative);
    if (!check) fs.rmSync(path.join(dir, name));
  }
}
if (check && stale.length) {
  console.error(`Stale generated contract files (run pnpm gen):\n  ${stale.join('\n  ')}`);
  process.exit(1);
}
console.log(stale.length ? `${check ? 'stale' : 'wrote'}: ${stale.join(', ')}` : 'contract up to date');
