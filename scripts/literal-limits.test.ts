import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { literalLimits, literalsIn } from './literal-limits.js';

const matches = (text: string) => literalsIn('probe.tsx', text).map((literal) => literal.match);

describe('limits written once, in @portal/resources (issue 47)', () => {
  it('finds byte sizes and length limits written as literals', () => {
    expect(
      matches(
        [
          "const a = 'up to 25 MB each';",
          'const b = 5 * 1024 * 1024;',
          'const c = 5_000_000;',
          'const d = z.string().min(1).max(100);',
          'const e = <input maxLength={64} />;',
          "const f = 'at most 100 characters';",
          'const g = z.array(z.uuid()).length(3);',
        ].join('\n'),
      ),
    ).toEqual([
      '25 MB',
      '5 * 1024',
      '5_000_000',
      '.max(100)',
      'maxLength={64',
      '100 characters',
      '.length(3)',
    ]);
  });

  it('leaves comments, named limits and numbers that are no length alone', () => {
    expect(
      matches(
        [
          '// up to 25 MB, at most 100 characters, 1024 * 1024',
          '/** .max(100) */',
          'const a = z.string().max(FILE_NAME_MAX_LENGTH);',
          'const b = Math.max(1, count);',
          'const c = z.coerce.number().int().max(65535);',
          'const d = 64 * KILOBYTE;',
          'const e = { sx: { maxWidth: 560 } };',
        ].join('\n'),
      ),
    ).toEqual([]);
  });

  it('fails on a literal planted in a checked folder, and on an allow-list entry that matches nothing', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'literal-limits-'));
    try {
      const folder = path.join(root, 'server/src/routes');
      fs.mkdirSync(folder, { recursive: true });
      fs.writeFileSync(path.join(folder, 'probe.ts'), 'export const name = z.string().max(64);\n');
      fs.writeFileSync(path.join(folder, 'probe.test.ts'), 'export const name = z.string().max(64);\n');
      const resources = path.join(root, 'resources/src');
      fs.mkdirSync(resources, { recursive: true });
      fs.writeFileSync(
        path.join(resources, 'probe.ts'),
        "export const MAX = 64;\nexport const name = z.string().max(MAX, 'at most 64 characters');\n",
      );
      expect(literalLimits(root, [{ file: 'server/src/gone.ts', match: '25 MB' }])).toEqual([
        {
          file: 'server/src/routes/probe.ts',
          line: 1,
          what: 'a length limit in a schema',
          match: '.max(64)',
        },
        { file: 'resources/src/probe.ts', line: 2, what: 'a length limit in text', match: '64 characters' },
        {
          file: 'server/src/gone.ts',
          line: 0,
          what: 'an allow-list entry that matches nothing',
          match: '25 MB',
        },
      ]);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  it('finds none in the apps, the data provider, the command line, the server, nor the texts of the resources', () => {
    expect(literalLimits()).toEqual([]);
  });
});
