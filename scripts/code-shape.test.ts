import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  codeShapeOffenders,
  databaseImports,
  handlersOf,
  MAX_HANDLER_LINES,
  misnamedModules,
  moduleValueImports,
  routeDatabaseImports,
  routeModuleImports,
  routeTransactions,
  transactionCalls,
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

  it('writes the bearer security entry and the Range header schema once (crud/openapi.ts)', () => {
    const src = path.resolve(import.meta.dirname, '../server/src');
    const restated = fs
      .readdirSync(src, { recursive: true, encoding: 'utf8' })
      .filter(
        (file) => /\.ts$/.test(file) && !/\.test\.ts$/.test(file) && file !== path.join('crud', 'openapi.ts'),
      )
      .flatMap((file) =>
        fs
          .readFileSync(path.join(src, file), 'utf8')
          .split('\n')
          .flatMap((line, index) =>
            /\{\s*bearer:\s*\[\]\s*\}|\brange:\s*z\.string\(/.test(line) ? [`${file}:${index + 1}`] : [],
          ),
      );
    expect(restated).toEqual([]);
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
          `import { audit } from '../../../crud/audit.js';`,
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

  it('finds imports (types too) and re-exports of drizzle-orm and of the db tables, not of other db files', () => {
    const src = '/repo/server/src';
    const found = databaseImports(
      parse(
        `import { eq } from 'drizzle-orm';\n` +
          `import type { PgColumn } from 'drizzle-orm/pg-core';\n` +
          `import { boards } from '../../../db/schema-boards.js';\n` +
          `import type { Database } from '../../../db/client.js';\n` +
          `export { users } from '../../../db/tables.js';\n` +
          `import { listRows } from '../../../crud/list.js';\n` +
          `import { z } from 'zod';`,
      ),
      path.join(src, 'routes/boards/_id/probe.ts'),
      src,
    );
    expect(found.map((hit) => `${hit.line} ${hit.module}`)).toEqual([
      '1 drizzle-orm',
      '2 drizzle-orm/pg-core',
      '3 db/schema-boards',
      '5 db/tables',
    ]);
  });

  it('reports unlisted route files reaching the database, and listed ones that no longer do', () => {
    const src = fs.mkdtempSync(path.join(os.tmpdir(), 'code-shape-'));
    try {
      fs.mkdirSync(path.join(src, 'routes/area'), { recursive: true });
      fs.writeFileSync(path.join(src, 'routes/area/queries.ts'), `import { eq } from 'drizzle-orm';\n`);
      fs.writeFileSync(path.join(src, 'routes/area/moved.ts'), `import { z } from 'zod';\n`);
      fs.writeFileSync(path.join(src, 'routes/area/listed.ts'), `import { x } from '../../db/schema.js';\n`);
      const offenders = routeDatabaseImports(src, ['area/listed.ts', 'area/moved.ts']);
      expect(offenders.map((o) => `${o.file}:${o.line} ${o.module}`).sort()).toEqual([
        'area/moved.ts:1 -',
        'area/queries.ts:1 drizzle-orm',
      ]);
    } finally {
      fs.rmSync(src, { recursive: true, force: true });
    }
  });

  it('route files reach the database only through repositories (only the files listed as not moved still import it)', () => {
    expect(routeDatabaseImports()).toEqual([]);
  });

  it('finds the transactions a source opens, not other calls named so', () => {
    const found = transactionCalls(
      parse(
        `const a = await db.transaction(async (tx) => 1);\n` +
          `await options.db.transaction((tx) => tx.transaction(() => 2));\n` +
          `transaction();\nconst t = db.transaction;\n`,
      ),
    );
    expect(found.map((hit) => `${hit.line} ${hit.module}`)).toEqual(['1 db', '2 options.db', '2 tx']);
  });

  it('route handlers open no transaction: business steps run in the module function they call', () => {
    expect(routeTransactions()).toEqual([]);
  });

  it('names a module file that publishes a plugin <decorator>.module.ts, and no other file so', () => {
    const src = fs.mkdtempSync(path.join(os.tmpdir(), 'code-shape-'));
    try {
      fs.mkdirSync(path.join(src, 'modules/area'), { recursive: true });
      const plugin = `export default repositoryModule('widgets', make);\n`;
      fs.writeFileSync(path.join(src, 'modules/area/widgets.module.ts'), plugin);
      fs.writeFileSync(path.join(src, 'modules/area/widgets-repository.ts'), plugin);
      fs.writeFileSync(path.join(src, 'modules/area/helpers.module.ts'), `export const x = 1;\n`);
      fs.writeFileSync(path.join(src, 'modules/area/records.ts'), `export const y = 1;\n`);
      expect(misnamedModules(src).sort()).toEqual(['area/helpers.module.ts', 'area/widgets-repository.ts']);
    } finally {
      fs.rmSync(src, { recursive: true, force: true });
    }
  });

  it('server/src/modules names its plugins <decorator>.module.ts', () => {
    expect(misnamedModules()).toEqual([]);
  });
});
