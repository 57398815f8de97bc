/**
 * Limits are written once, in `@portal/resources` (issue 47 point 3): the apps', data provider's, command line's
 * and server's sources name a constant rather than a byte size or a length limit of their own. Checked in
 * `pnpm test` by literal-limits.test.ts; `tsx scripts/literal-limits.ts` prints the offenders.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const repoRoot = path.resolve(import.meta.dirname, '..');

/** The source folders checked, relative to the repository. */
export const CHECKED_FOLDERS = [
  'customer-app/src',
  'admin-app/src',
  'server/src',
  'data-provider/src',
  'cli/src',
];
/** Where the constants live: only a message that spells its limit out is checked here. */
export const TEXT_CHECKED_FOLDERS = ['resources/src'];

/** What a literal limit looks like in code or text; each names what it finds. */
export const LITERAL_LIMITS: readonly { what: string; pattern: RegExp; inText?: true }[] = [
  { what: 'a byte size in text', pattern: /\b\d+(?:[.,]\d+)?\s?(?:[KMG]i?B|kB|bytes)\b/, inText: true },
  { what: 'a byte size in arithmetic', pattern: /\b\d+\s*\*\s*1024\b|\b1024\s*\*\s*\d/ },
  { what: 'a byte size in millions', pattern: /\b\d+(?:_000){2,}\b/ },
  {
    what: 'a length limit of an input',
    pattern: /\b(?:maxLength|minLength|maxlength)\s*[:=]\s*\{?\s*\d[\d_]*/,
  },
  { what: 'a length limit in text', pattern: /\b\d+\s+(?:characters|chars)\b/i, inText: true },
];

/**
 * Literals that stay, each with why. Key: file relative to the repository, and the text of the line's match.
 * The check fails on an entry that no longer matches, so the list only shrinks.
 */
export const ALLOWED_LITERALS: readonly { file: string; match: string; reason: string }[] = [
  ...['.max(40)', '.max(10)'].map((match) => ({
    file: 'server/src/payments/test-payment-pages.ts',
    match,
    reason:
      "the stand-in for the payment provider's card page: its fields are the provider's, not the portal's",
  })),
];

export interface Literal {
  file: string;
  line: number;
  what: string;
  match: string;
}

/** The text of a source with its comments blanked out (line breaks kept, so lines still count right). */
export function withoutComments(fileName: string, text: string): string {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const ranges = new Map<number, number>();
  const collect = (list: ts.CommentRange[] | undefined) =>
    list?.forEach((range) => ranges.set(range.pos, range.end));
  const visit = (node: ts.Node) => {
    collect(ts.getLeadingCommentRanges(text, node.pos));
    collect(ts.getTrailingCommentRanges(text, node.end));
    ts.forEachChild(node, visit);
  };
  visit(source);
  // A comment before the end of the file (after the last statement) belongs to the end token.
  collect(ts.getLeadingCommentRanges(text, source.endOfFileToken.pos));
  let blanked = text;
  for (const [pos, end] of ranges)
    blanked = blanked.slice(0, pos) + blanked.slice(pos, end).replace(/[^\n]/g, ' ') + blanked.slice(end);
  return blanked;
}

/** The calls a method call is chained on (`z.string().min(1).max(9)` → `min`, `string`). */
function chainOf(call: ts.CallExpression): string[] {
  const names: string[] = [];
  let node: ts.Expression = call.expression;
  while (ts.isPropertyAccessExpression(node) || ts.isCallExpression(node)) {
    if (ts.isPropertyAccessExpression(node)) names.push(node.name.text);
    node = node.expression;
  }
  if (ts.isIdentifier(node)) names.push(node.text);
  return names;
}

/** `.max(…)` and `.length(…)` given a number on a text or list schema; a number's range is no length limit. */
function schemaLengthLimits(file: string, source: ts.SourceFile): Literal[] {
  const found: Literal[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const [method, ...receiver] = chainOf(node);
      const first = node.arguments[0];
      if (
        (method === 'max' || method === 'length') &&
        first &&
        ts.isNumericLiteral(first) &&
        !receiver.some((name) => ['Math', 'number', 'int', 'bigint', 'date'].includes(name))
      )
        found.push({
          file,
          line: source.getLineAndCharacterOfPosition(first.getStart(source)).line + 1,
          what: 'a length limit in a schema',
          match: `.${method}(${first.getText(source)})`,
        });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The literal limits in one source text, comments skipped; with `textOnly`, those spelled out in text alone. */
export function literalsIn(file: string, text: string, textOnly = false): Literal[] {
  const patterns = LITERAL_LIMITS.filter((limit) => !textOnly || limit.inText);
  const inText = withoutComments(file, text)
    .split('\n')
    .flatMap((line, index) =>
      patterns.flatMap(({ what, pattern }) => {
        const found = pattern.exec(line);
        return found ? [{ file, line: index + 1, what, match: found[0] }] : [];
      }),
    );
  if (textOnly) return inText;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  return [...inText, ...schemaLengthLimits(file, source)].sort((a, b) => a.line - b.line);
}

const sourceFiles = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.(?:test|spec)\.tsx?$/.test(entry.name) ? [full] : [];
  });

/**
 * The literal limits of the checked folders under `root` that the allow-list does not name, and the allow-list's
 * entries that match nothing any more (reported with line 0).
 */
export function literalLimits(
  root = repoRoot,
  allowed: readonly { file: string; match: string }[] = ALLOWED_LITERALS,
): Literal[] {
  const filesOf = (folders: string[]) =>
    folders.flatMap((folder) =>
      fs.existsSync(path.join(root, folder)) ? sourceFiles(path.join(root, folder)) : [],
    );
  const read = (full: string, textOnly: boolean) =>
    literalsIn(path.relative(root, full).split(path.sep).join('/'), fs.readFileSync(full, 'utf8'), textOnly);
  const found = [
    ...filesOf(CHECKED_FOLDERS).flatMap((full) => read(full, false)),
    ...filesOf(TEXT_CHECKED_FOLDERS).flatMap((full) => read(full, true)),
  ];
  const isAllowed = (literal: Literal) =>
    allowed.some((entry) => entry.file === literal.file && entry.match === literal.match);
  const stale = allowed
    .filter((entry) => !found.some((literal) => literal.file === entry.file && literal.match === entry.match))
    .map((entry) => ({
      file: entry.file,
      line: 0,
      what: 'an allow-list entry that matches nothing',
      match: entry.match,
    }));
  return [...found.filter((literal) => !isAllowed(literal)), ...stale];
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  for (const literal of literalLimits())
    console.log(`${literal.file}:${literal.line}  ${literal.what}: ${literal.match}`);
}
