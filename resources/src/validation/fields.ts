/** The parts of a zod 4 schema's definition read here. */
interface ZodDef {
  type: string;
  shape?: Record<string, unknown>;
  catchall?: { _zod: { def: ZodDef } };
  in?: Schema;
  innerType?: Schema;
  options?: Schema[];
  left?: Schema;
  right?: Schema;
}
type Schema = { _zod?: { def: ZodDef } };

/**
 * The top-level field names an object schema knows; `'any'` for one that takes any field (a loose object) and
 * null for a schema that is not an object (an array, a string, a record) or cannot be read.
 */
export function knownFields(schema: unknown): Set<string> | 'any' | null {
  const def = (schema as Schema | undefined)?._zod?.def;
  if (!def) return null;
  switch (def.type) {
    case 'object': {
      const catchall = def.catchall?._zod.def.type;
      if (catchall && catchall !== 'never') return 'any';
      return new Set(Object.keys(def.shape ?? {}));
    }
    case 'pipe':
      return knownFields(def.in);
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
      return knownFields(def.innerType);
    case 'union':
    case 'intersection': {
      const parts = def.type === 'union' ? (def.options ?? []) : [def.left, def.right];
      const all = new Set<string>();
      for (const part of parts) {
        const fields = knownFields(part);
        if (fields === null || fields === 'any') return fields;
        for (const field of fields) all.add(field);
      }
      return all;
    }
    default:
      return null;
  }
}

/** `data` with only the fields `schema` knows (all of it when the schema takes any field or is not an object). */
export function onlyKnownFields<T extends Record<string, unknown>>(schema: unknown, data: T): Partial<T> {
  const known = knownFields(schema);
  if (!(known instanceof Set)) return data;
  return Object.fromEntries(Object.entries(data).filter(([field]) => known.has(field))) as Partial<T>;
}
