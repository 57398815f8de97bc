import { createHash } from 'node:crypto';
import { Placeholder } from 'drizzle-orm';

/** A query not yet run (Drizzle's select builders) that prepares as a `Statement`. */
export interface Preparable<Statement = unknown> {
  prepare(name: string): Statement;
  toSQL(): { sql: string; params: unknown[] };
}

/** The statements of one shape, by part (a page and its count, say). */
export type PreparedParts<Parts extends Record<string, Preparable>> = {
  [Part in keyof Parts]: ReturnType<Parts[Part]['prepare']>;
};

/** At most this many shapes' statements are kept per database; the least recently made goes first. */
const MAX_SHAPES = 200;
/**
 * At most this many texts are named per database and prefix. A connection keeps a named statement until it closes
 * (node-postgres never releases one), so the names are bounded, not only the kept shapes: past the bound, a new
 * shape's statements are unnamed, parsed again on every call.
 */
const MAX_NAMED = 400;

/**
 * Statements prepared once per database and shape, named by their text's hash, so each connection parses a shape
 * once. SQL holding a non-placeholder value, or a caller's row scope, is built per call, unnamed ({@link forCall}).
 */
export class PreparedShapes<Parts extends Record<string, Preparable>> {
  readonly #byDatabase = new WeakMap<object, Map<string, PreparedParts<Parts> | null>>();
  readonly #names = new WeakMap<object, Set<string>>();

  /** `prefix` begins every statement's name, telling them apart in the database. */
  constructor(private readonly prefix: string) {}

  /** The statements of `shape` on `db`; `build` makes its queries, with placeholders for every value. */
  of(db: object, shape: string, build: () => Parts): PreparedParts<Parts> {
    let shapes = this.#byDatabase.get(db);
    if (!shapes) this.#byDatabase.set(db, (shapes = new Map()));
    const kept = shapes.get(shape);
    if (kept) return kept;
    const parts = build();
    if (kept === null) return this.forCall(parts);
    const queries = Object.values(parts).map((part) => part.toSQL());
    const placeholdersOnly = queries.every((query) =>
      query.params.every((param) => param instanceof Placeholder),
    );
    shapes.set(shape, placeholdersOnly ? this.#prepareNamed(db, parts, queries) : null);
    if (shapes.size > MAX_SHAPES) shapes.delete(shapes.keys().next().value!);
    return shapes.get(shape) ?? this.forCall(parts);
  }

  /** Statements for one call only, their values as parameters: unnamed, parsed again on every call. */
  forCall(parts: Parts): PreparedParts<Parts> {
    return prepareParts(parts, () => '');
  }

  #prepareNamed(db: object, parts: Parts, queries: { sql: string }[]): PreparedParts<Parts> {
    let named = this.#names.get(db);
    if (!named) this.#names.set(db, (named = new Set()));
    const hash = createHash('sha256')
      .update(JSON.stringify(queries.map((query) => query.sql)))
      .digest('hex')
      .slice(0, 16);
    if (!named.has(hash) && named.size >= MAX_NAMED) return this.forCall(parts);
    named.add(hash);
    return prepareParts(parts, (part) => `${this.prefix}_${part}_${hash}`);
  }
}

/** Each part prepared under its name; an empty name makes an unnamed statement. */
function prepareParts<Parts extends Record<string, Preparable>>(
  parts: Parts,
  nameOf: (part: string) => string,
): PreparedParts<Parts> {
  return Object.fromEntries(
    Object.entries(parts).map(([part, query]) => [part, query.prepare(nameOf(part))]),
  ) as PreparedParts<Parts>;
}
