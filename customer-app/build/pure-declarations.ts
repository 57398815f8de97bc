import MagicString from 'magic-string';
import type { Plugin } from 'vite';

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

const FUNCTION_TYPES = new Set(['FunctionExpression', 'ArrowFunctionExpression', 'ClassExpression']);

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';
}

/** Every call or `new` an initializer runs while the module loads (function bodies run later, if ever). */
function collectCalls(node: Node, starts: number[]): void {
  if (FUNCTION_TYPES.has(node.type)) return;
  if (node.type === 'CallExpression' || node.type === 'NewExpression') starts.push(node.start);
  for (const [key, value] of Object.entries(node)) {
    if (key === 'type' || key === 'start' || key === 'end') continue;
    for (const child of Array.isArray(value) ? value : [value])
      if (isNode(child)) collectCalls(child, starts);
  }
}

/**
 * Marks the top-level declarations of the matching modules as pure, so the bundle keeps only the ones a page
 * uses. `@portal/resources` builds its zod schemas at the top level of the modules that also hold the rules and
 * texts the app needs (statusTitle and errorBodySchema share errors.ts); without this, one text pulls zod's
 * classic API (~25 KB gzip) into every page. Only declarations are annotated: top-level statements that are not
 * declarations, and calls inside functions, keep their effects.
 */
export function pureDeclarations(include: (id: string) => boolean): Plugin {
  return {
    name: 'portal:pure-declarations',
    apply: 'build',
    enforce: 'post',
    transform(code, id) {
      if (!include(id)) return null;
      const program = this.parse(code) as unknown as { body: Node[] };
      const starts: number[] = [];
      for (const statement of program.body) {
        const declaration =
          statement.type === 'ExportNamedDeclaration' && isNode(statement.declaration)
            ? statement.declaration
            : statement;
        if (declaration.type !== 'VariableDeclaration') continue;
        for (const declarator of declaration.declarations as Node[]) {
          if (isNode(declarator.init)) collectCalls(declarator.init, starts);
        }
      }
      if (starts.length === 0) return null;
      const output = new MagicString(code);
      for (const start of new Set(starts)) output.appendLeft(start, '/*#__PURE__*/ ');
      return { code: output.toString(), map: output.generateMap({ hires: true, source: id }) };
    },
  };
}
