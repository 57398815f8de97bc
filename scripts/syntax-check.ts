/**
 * Fails on built syntax the supported browsers do not parse: modern chunks as Firefox 70, legacy ones as ES5
 * (docs/browsers.md). Usage: `tsx scripts/syntax-check.ts [--static-dir <dir>] [--json <file>]`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { parse, type Node } from 'acorn';

export interface SyntaxProblem {
  file: string;
  message: string;
}

const LEGACY_CHUNK = /-legacy-[\w-]+\.js$/;

function* nodes(node: unknown): Generator<Node> {
  if (typeof node !== 'object' || node === null) return;
  if (Array.isArray(node)) {
    for (const item of node) yield* nodes(item);
    return;
  }
  if (typeof (node as Node).type !== 'string') return;
  yield node as Node;
  for (const [key, value] of Object.entries(node)) if (key !== 'loc') yield* nodes(value);
}

const lineOf = (code: string, offset: number) => code.slice(0, offset).split('\n').length;

/** What in one chunk the supported browsers cannot parse; empty when they all can. */
export function chunkProblems(code: string, kind: 'modern' | 'legacy'): string[] {
  let program: Node;
  try {
    program =
      kind === 'modern'
        ? parse(code, { ecmaVersion: 2020, sourceType: 'module' })
        : parse(code, { ecmaVersion: 5, sourceType: 'script' });
  } catch (error) {
    return [
      `does not parse as ${kind === 'modern' ? 'ES2020 module' : 'ES5 script'}: ${(error as Error).message}`,
    ];
  }
  if (kind === 'legacy') return [];
  const found = new Map<string, number[]>();
  const note = (what: string, node: Node) => found.set(what, [...(found.get(what) ?? []), node.start]);
  for (const node of nodes(program)) {
    if (node.type === 'ChainExpression') note('optional chaining', node);
    if (node.type === 'LogicalExpression' && (node as Node & { operator: string }).operator === '??')
      note('??', node);
  }
  return [...found].map(
    ([what, starts]) => `${starts.length}× ${what}, the first at line ${lineOf(code, starts[0]!)}`,
  );
}

/** Every problem of every JavaScript file in an app's `dist/assets`. */
export function buildProblems(dist: string): SyntaxProblem[] {
  const assets = path.join(dist, 'assets');
  const files = fs.readdirSync(assets).filter((name) => name.endsWith('.js'));
  if (files.length === 0) throw new Error(`${assets} holds no JavaScript`);
  return files.flatMap((file) =>
    chunkProblems(
      fs.readFileSync(path.join(assets, file), 'utf8'),
      LEGACY_CHUNK.test(file) ? 'legacy' : 'modern',
    ).map((message) => ({ file, message })),
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const { values: args } = parseArgs({
    options: { 'static-dir': { type: 'string' }, json: { type: 'string' } },
  });
  const staticDir = path.resolve(args['static-dir'] ?? path.resolve(import.meta.dirname, '..'));
  let failed = 0;
  for (const app of ['customer-app', 'admin-app']) {
    let problems: SyntaxProblem[];
    try {
      problems = buildProblems(path.join(staticDir, app, 'dist'));
    } catch (error) {
      problems = [{ file: '', message: (error as Error).message }];
    }
    if (problems.length > 0) failed += 1;
    console.log(`${problems.length === 0 ? 'ok  ' : 'FAIL'}  ${app}: ${problems.length} problems`);
    for (const problem of problems.slice(0, 20)) console.log(`      ${problem.file} ${problem.message}`);
  }
  if (args.json) fs.writeFileSync(args.json, `${JSON.stringify({ passed: 2 - failed, failed })}\n`);
  process.exit(failed > 0 ? 1 : 0);
}
