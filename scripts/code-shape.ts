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

if (import.meta.url === `file://${process.argv[1]}`) {
  const offenders = codeShapeOffenders();
  for (const o of offenders)
    console.log(`${o.file}:${o.line} ${o.what}: ${o.lines} lines (at most ${o.limit})`);
  console.log(`${offenders.length} over the limits`);
  process.exitCode = offenders.length > 0 ? 1 : 0;
}
