import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { portalMessages } from './en';

const SOURCE = path.resolve(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [file] : [];
  });
}

const lookup = (key: string): unknown =>
  key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], portalMessages);

describe('the catalogue', () => {
  it('has every portal.* text the console asks for', () => {
    const missing: string[] = [];
    for (const file of sourceFiles(SOURCE)) {
      const text = readFileSync(file, 'utf8');
      for (const [, key] of text.matchAll(/['"`](portal\.[a-z_]+(?:\.[a-z_]+)+)['"`]/g)) {
        if (typeof lookup(key!) !== 'string') missing.push(`${path.relative(SOURCE, file)}: ${key}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
