import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import path from 'node:path';
import {
  codeShapeOffenders,
  handlersOf,
  MAX_HANDLER_LINES,
  moduleValueImports,
  routeModuleImports,
} from './code-shape.js';

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

  it('finds values, not types, that a route file imports from src/modules, beside the allowed pure helpers', () => {
    const src = '/repo/server/src';
    const file = path.join(src, 'routes/boards/_id/probe.ts');
    const found = moduleValueImports(
      parse(
        `import { lockBoard, type BoardRow } from '../../../modules/boards/boards.js';\n` +
          `import type { Executor } from '../../../modules/boards/boards.js';\n` +
          `import * as dip from '../../../modules/dip/steps.js';\n` +
          `import { dipTags as tags, boardStepRows } from '../../../modules/dip/records.js';\n` +
          `import { projectParams } from '../../../modules/projects/route-schemas.js';\n` +
          `import { audit } from '../../../http/audit.js';`,
      ),
      file,
      src,
    );
    expect(found.map((hit) => `${hit.line} ${hit.module} ${hit.name}`)).toEqual([
      '1 modules/boards/boards lockBoard',
      '3 modules/dip/steps *',
      '4 modules/dip/records boardStepRows',
    ]);
  });

  it('route files take module values from decorators (only the areas listed as not moved still import them)', () => {
    expect(routeModuleImports()).toEqual([]);
  });
});
