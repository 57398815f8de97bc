/**
 * The shape the server's code keeps (issue 21 point 3): no file over 400 lines in `server/src` and no route
 * handler over 60 lines, so a newcomer reads a handler on one screen and a module in one sitting. Checked in
 * `pnpm test` by code-shape.test.ts; `tsx scripts/code-shape.ts` prints the offenders.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export const MAX_FILE_LINES = 400;
export const MAX_HANDLER_LINES = 60;

const ROUTE_METHODS = new Set(['get', 'post', 'put', 'patch', 'delete', 'head', 'options', 'all']);

export interface Offender {
  file: string;
  line: number;
  what: string;
  lines: number;
  limit: number;
}

const isFunction = (node: ts.Node): node is ts.ArrowFunction | ts.FunctionExpression =>
  ts.isArrowFunction(node) || ts.isFunctionExpression(node);

/** Route handlers in one source: the function given to `x.get(path, …, handler)` or as `handler:` of a route. */
export function handlersOf(source: ts.SourceFile): { line: number; lines: number; name: string }[] {
  const found: { line: number; lines: number; name: string }[] = [];
  const measure = (fn: ts.Node, name: string) => {
    const start = source.getLineAndCharacterOfPosition(fn.getStart(source)).line;
    const end = source.getLineAndCharacterOfPosition(fn.getEnd()).line;
    found.push({ line: start + 1, lines: end - start + 1, name });
  };
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const method = node.expression.name.text;
      const last = node.arguments.at(-1);
      const first = node.arguments[0];
      if (ROUTE_METHODS.has(method) && last && isFunction(last) && first && ts.isStringLiteralLike(first))
        measure(last, `${method.toUpperCase()} ${first.text}`);
    }
    if (
      ts.isPropertyAssignment(node) &&
      node.name.getText(source) === 'handler' &&
      isFunction(node.initializer)
    )
      measure(node.initializer, 'handler');
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const sourceFiles = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });

/** Every file and handler of `root` (default `server/src`) over its limit. */
export function codeShapeOffenders(root = path.resolve(import.meta.dirname, '../server/src')): Offender[] {
  const offenders: Offender[] = [];
  for (const file of sourceFiles(root)) {
    const text = fs.readFileSync(file, 'utf8');
    const relative = path.relative(path.resolve(root, '../..'), file);
    const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
    if (lines > MAX_FILE_LINES)
      offenders.push({ file: relative, line: 1, what: 'file', lines, limit: MAX_FILE_LINES });
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    for (const handler of handlersOf(source)) {
      if (handler.lines > MAX_HANDLER_LINES)
        offenders.push({
          file: relative,
          line: handler.line,
          what: handler.name,
          lines: handler.lines,
          limit: MAX_HANDLER_LINES,
        });
    }
  }
  return offenders;
}

/**
 * Values route files may import from `src/modules/**` (issue 21 point 3: database access reaches routes only through
 * the repositories' decorators). Each is pure, no database access, with why it is imported rather than published.
 * Key: the module's path under `server/src` without extension; value: its names (or `*`) and the reason.
 */
export const ROUTE_MODULE_HELPERS: Record<string, { names: readonly string[] | '*'; reason: string }> = {
  'modules/projects/route-schemas': {
    names: '*',
    reason: 'OpenAPI tags, security and path parameter schemas',
  },
  'modules/catalogue/catalogue-list': {
    names: ['catalogueQuerystring'],
    reason: "the catalogue list's querystring schema",
  },
  'modules/projects/list-cursor': {
    names: ['projectListQuerystring'],
    reason: 'the project lists’ querystring schema (validation and OpenAPI)',
  },
  'modules/dip/records': {
    names: ['dipTags', 'toXmlEntry'],
    reason: 'the OpenAPI tag list and the XML entry record of a row',
  },
  'modules/boards/route-schemas': {
    names: '*',
    reason: 'OpenAPI tags, security, path parameter schemas and notes of the routes under a board',
  },
  'modules/catalogue/admin-routes': {
    names: ['catalogueAdminRoutes'],
    reason:
      'the generated admin routes of a catalogue item with versions (they call `app.software`/`app.bundles`)',
  },
};

/**
 * Route files of areas not moved onto decorators yet: they still import module values. The check fails when one no
 * longer does, so the list only shrinks.
 */
export const ROUTES_NOT_MOVED: readonly string[] = [];

export interface ModuleImport {
  /** The route file, relative to `src/routes`. */
  file: string;
  line: number;
  /** The imported module, relative to `src` without extension. */
  module: string;
  name: string;
}

/**
 * The import and export-from declarations of a source with their module (a relative one as its path under `src`
 * without extension, a package by its name) and line.
 */
function importsOf(source: ts.SourceFile, file: string, srcRoot: string) {
  return source.statements.flatMap((statement) => {
    if (!ts.isImportDeclaration(statement) && !ts.isExportDeclaration(statement)) return [];
    const specifier = statement.moduleSpecifier;
    if (!specifier || !ts.isStringLiteral(specifier)) return [];
    const module = specifier.text.startsWith('.')
      ? path.relative(srcRoot, path.resolve(path.dirname(file), specifier.text)).replace(/\.[jt]sx?$/, '')
      : specifier.text;
    const line = source.getLineAndCharacterOfPosition(statement.getStart(source)).line + 1;
    return [{ statement, module, line }];
  });
}

/** Values (not types) a source imports from `src/modules/**`, minus the allowed pure helpers. */
export function moduleValueImports(
  source: ts.SourceFile,
  file: string,
  srcRoot: string,
): Omit<ModuleImport, 'file'>[] {
  const found: Omit<ModuleImport, 'file'>[] = [];
  for (const { statement, module, line } of importsOf(source, file, srcRoot)) {
    if (!ts.isImportDeclaration(statement) || !module.startsWith('modules/')) continue;
    const clause = statement.importClause;
    if (!clause || clause.isTypeOnly) continue;
    const names: string[] = [];
    if (clause.name) names.push('default');
    const bindings = clause.namedBindings;
    if (bindings && ts.isNamespaceImport(bindings)) names.push('*');
    if (bindings && ts.isNamedImports(bindings))
      for (const element of bindings.elements)
        if (!element.isTypeOnly) names.push((element.propertyName ?? element.name).text);
    const allowed = ROUTE_MODULE_HELPERS[module]?.names;
    for (const name of names)
      if (allowed !== '*' && !(name !== '*' && allowed?.includes(name))) found.push({ line, module, name });
  }
  return found;
}

/**
 * Every route file of `src/routes` checked by `find`: a file named in `notMoved` must still have a hit (else it is
 * reported with module `-`, so the list only shrinks), any other file none.
 */
function checkRouteFiles(
  srcRoot: string,
  notMoved: readonly string[],
  find: (source: ts.SourceFile, file: string) => Omit<ModuleImport, 'file'>[],
): ModuleImport[] {
  const routes = path.join(srcRoot, 'routes');
  const offenders: ModuleImport[] = [];
  for (const file of sourceFiles(routes)) {
    const relative = path.relative(routes, file);
    const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const found = find(source, file);
    if (notMoved.includes(relative)) {
      if (!found.length) offenders.push({ file: relative, line: 1, module: '-', name: '-' });
    } else offenders.push(...found.map((hit) => ({ file: relative, ...hit })));
  }
  return offenders;
}

/**
 * Route files importing a module value they should take from a decorator, and entries of `ROUTES_NOT_MOVED` that
 * import none any more (name `-`).
 */
export function routeModuleImports(
  srcRoot = path.resolve(import.meta.dirname, '../server/src'),
): ModuleImport[] {
  return checkRouteFiles(srcRoot, ROUTES_NOT_MOVED, (source, file) =>
    moduleValueImports(source, file, srcRoot),
  );
}

/**
 * Route files that still reach the database themselves (import `drizzle-orm` or the tables of `src/db`) instead of
 * through a repository's decorator. The check fails when one no longer does, so the list only shrinks.
 */
export const DB_IMPORTS_NOT_MOVED: readonly string[] = [];

/** Table modules of `src/db` (the schema files and `tables`, which re-exports them), relative to `src`. */
const isTableModule = (module: string) => /^db\/(schema[^/]*|tables)$/.test(module);

/**
 * Imports (types too) and re-exports of `drizzle-orm` (any entry point) or of a table module of `src/db` in one
 * source; `name` is `*`, the whole declaration.
 */
export function databaseImports(
  source: ts.SourceFile,
  file: string,
  srcRoot: string,
): Omit<ModuleImport, 'file'>[] {
  return importsOf(source, file, srcRoot)
    .filter(
      ({ module }) => module === 'drizzle-orm' || module.startsWith('drizzle-orm/') || isTableModule(module),
    )
    .map(({ line, module }) => ({ line, module, name: '*' }));
}

/** Route files importing drizzle-orm or db tables, and entries of `DB_IMPORTS_NOT_MOVED` that import neither (`-`). */
export function routeDatabaseImports(
  srcRoot = path.resolve(import.meta.dirname, '../server/src'),
  notMoved: readonly string[] = DB_IMPORTS_NOT_MOVED,
): ModuleImport[] {
  return checkRouteFiles(srcRoot, notMoved, (source, file) => databaseImports(source, file, srcRoot));
}

/**
 * Calls of `.transaction(…)` in one source (`db.transaction`, `tx.transaction`): a route handler that opens one
 * runs business steps itself instead of calling the module function that does (README "Layout").
 */
export function transactionCalls(source: ts.SourceFile): Omit<ModuleImport, 'file'>[] {
  const found: Omit<ModuleImport, 'file'>[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      node.expression.name.text === 'transaction'
    ) {
      const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
      found.push({ line, module: node.expression.expression.getText(source), name: 'transaction' });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Route files that open a transaction (module: what `.transaction` is called on). */
export function routeTransactions(
  srcRoot = path.resolve(import.meta.dirname, '../server/src'),
): ModuleImport[] {
  return checkRouteFiles(srcRoot, [], (source) => transactionCalls(source));
}

/**
 * Files of `src/modules` misnamed: a file publishing an autoloaded plugin (a default export) must be named
 * `<decorator>.module.ts`, and only such a file may be (README "Layout").
 */
export function misnamedModules(srcRoot = path.resolve(import.meta.dirname, '../server/src')): string[] {
  const modules = path.join(srcRoot, 'modules');
  return sourceFiles(modules).flatMap((file) => {
    const isPlugin = /^export default /m.test(fs.readFileSync(file, 'utf8'));
    return isPlugin === file.endsWith('.module.ts') ? [] : [path.relative(modules, file)];
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const offenders = codeShapeOffenders();
  for (const o of offenders)
    console.log(`${o.file}:${o.line} ${o.what}: ${o.lines} lines (at most ${o.limit})`);
  console.log(`${offenders.length} over the limits`);
  const imports = [...routeModuleImports(), ...routeDatabaseImports()];
  const transactions = routeTransactions();
  for (const t of transactions)
    console.log(`server/src/routes/${t.file}:${t.line} opens a transaction on ${t.module}`);
  for (const i of imports)
    console.log(`server/src/routes/${i.file}:${i.line} imports ${i.name} from ${i.module}`);
  const misnamed = misnamedModules();
  for (const file of misnamed)
    console.log(`server/src/modules/${file}: a plugin is <decorator>.module.ts, nothing else`);
  process.exitCode = offenders.length + imports.length + transactions.length + misnamed.length > 0 ? 1 : 0;
}
