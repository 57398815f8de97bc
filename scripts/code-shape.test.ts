import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { codeShapeOffenders, handlersOf, MAX_HANDLER_LINES } from './code-shape.js';

const parse = (text: string) => ts.createSourceFile('probe.ts', text, ts.ScriptTarget.Latest, true);

describe('code shape of server/src (issue 21)', () => {
  it('finds route handlers given as the last argument or as `handler:`', () => {
    const body = Array.from({ length: MAX_HANDLER_LINES }, (_, i) => `  const a${i} = ${i};`).join('\n');
    const found = handlersOf(
      parse(
        `app.get('/x', { schema }, async (request) => {\n${body}\n});\n` +
          `app.route({ method: 'POST', url: '/y', handler: async () => 1 });\n` +
          `items.get(key);\nlist.delete('z', () => 1);`,
      ),
    );
    expect(found.map((h) => [h.name, h.lines])).toEqual([
      ['GET /x', MAX_HANDLER_LINES + 2],
      ['handler', 1],
      ['DELETE z', 1],
    ]);
  });

  it('has no file over 400 lines and no handler over 60 lines', () => {
    expect(codeShapeOffenders()).toEqual([]);
  });
});
