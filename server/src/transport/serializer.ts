import fastJson from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { $ZodType } from 'zod/v4/core';

type ZodSerializerCompiler = typeof zodSerializerCompiler;
type RouteSchema = Parameters<ZodSerializerCompiler>[0];
type JsonSchema = Record<string, unknown>;

/**
 * Zod types whose output JSON Schema fast-json-stringify writes byte for byte as zod's encode + JSON.stringify would.
 * Everything else (transforms, pipes and preprocess, which run code on encode; catch; dates, bigints, tuples,
 * intersections, maps, sets, lazy and custom types, whose JSON Schema is missing or differs from their JSON text)
 * keeps zod's path. Wrappers (optional, nonoptional, nullable, default, readonly) are judged by what they wrap.
 */
const COMPILED_TYPES = new Set([
  'string',
  'number',
  'boolean',
  'null',
  'literal',
  'enum',
  'any',
  'unknown',
  'array',
  'object',
  'record',
  'union',
  'optional',
  'nonoptional',
  'nullable',
  'default',
  'readonly',
]);

interface Def {
  type: string;
  [key: string]: unknown;
}

/** The first zod type (by def type) in `schema` that the compiled serializer cannot express, or null. */
function inexpressibleType(schema: $ZodType, seen = new Set<$ZodType>()): string | null {
  if (seen.has(schema)) return null;
  seen.add(schema);
  const def = schema._zod.def as Def;
  if (!COMPILED_TYPES.has(def.type)) return def.type;
  const children: unknown[] = [];
  if (def.type === 'object') {
    // A loose object's unknown keys would be written after the known ones by both, but keep it simple: only the
    // stripping (default) and strict objects, whose answers hold the declared keys only.
    const catchall = def.catchall as $ZodType | undefined;
    if (catchall && catchall._zod.def.type !== 'never') return 'object with catchall';
    children.push(...Object.values(def.shape as Record<string, $ZodType>));
  } else if (def.type === 'record') {
    // Enum keys become properties in the enum's order (see `forSerializer`); other key types keep zod's path.
    const keyType = (def.keyType as $ZodType)._zod.def.type;
    if (keyType !== 'string' && keyType !== 'enum') return `record with ${keyType} keys`;
    children.push(def.valueType);
  } else if (def.type === 'array') children.push(def.element);
  else if (def.type === 'union') children.push(...(def.options as $ZodType[]));
  else if ('innerType' in def) children.push(def.innerType);
  for (const child of children) {
    const found = inexpressibleType(child as $ZodType, seen);
    if (found) return found;
  }
  return null;
}

/**
 * The JSON Schema fast-json-stringify compiles. `additionalProperties: false` goes: unknown keys are dropped without
 * it (as zod strips them), and with it a union branch would refuse a record carrying extra columns. A nullable
 * scalar becomes a type list, which fast-json-stringify tells apart by `typeof` instead of running a validator.
 * Keywords are copied as they are, so a union's branches are told apart by the same checks zod makes.
 */
function forSerializer(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(forSerializer);
  if (schema === null || typeof schema !== 'object') return schema;
  const result: JsonSchema = {};
  for (const [key, value] of Object.entries(schema as JsonSchema)) {
    if (key === '$schema' || (key === 'additionalProperties' && value === false)) continue;
    result[key] =
      key === 'properties'
        ? Object.fromEntries(Object.entries(value as JsonSchema).map(([k, v]) => [k, forSerializer(v)]))
        : key === 'enum' || key === 'const' || key === 'required' || key === 'default'
          ? value
          : forSerializer(value);
  }
  return nullableScalar(result) ?? enumKeyedRecord(result) ?? result;
}

/** zod writes an enum-keyed record's keys in the enum's order, every one present: properties in that order do. */
function enumKeyedRecord(schema: JsonSchema): JsonSchema | null {
  const keys = (schema.propertyNames as JsonSchema | undefined)?.enum;
  const value = schema.additionalProperties;
  if (!Array.isArray(keys) || typeof value !== 'object' || value === null) return null;
  const { propertyNames: _keys, additionalProperties: _value, ...rest } = schema;
  return { ...rest, properties: Object.fromEntries(keys.map((key) => [String(key), value])) };
}

const SCALARS = new Set(['string', 'number', 'integer', 'boolean']);

function nullableScalar(schema: JsonSchema): JsonSchema | null {
  const options = schema.anyOf as JsonSchema[] | undefined;
  if (!options || options.length !== 2 || Object.keys(schema).length !== 1) return null;
  const [value, none] = options;
  if (!value || none?.type !== 'null' || Object.keys(none).length !== 1) return null;
  if (typeof value.type !== 'string' || !SCALARS.has(value.type) || 'enum' in value || 'const' in value)
    return null;
  return { ...value, type: [value.type, 'null'] };
}

/** How each route's answers are written, by `METHOD url status`: `compiled`, or why they keep zod's path (tests). */
export const routeSerializers = new Map<string, string>();

/**
 * Fastify's serializer compiler: answers are written by fast-json-stringify from the JSON Schema of the route's
 * zod response schema; schemas it cannot express keep fastify-type-provider-zod's zod encode + JSON.stringify.
 * Unlike zod's path the compiled one does not validate the answer (the types of the routes do that at build time).
 */
export const serializerCompiler: ZodSerializerCompiler = (routeSchema) => {
  const compiled = compileSerializer(routeSchema);
  const route = `${routeSchema.method} ${routeSchema.url} ${routeSchema.httpStatus}`;
  routeSerializers.set(route, typeof compiled === 'function' ? 'compiled' : compiled.reason);
  return typeof compiled === 'function' ? compiled : zodSerializerCompiler(routeSchema);
};

type Compiled = ((data: unknown) => string) | { reason: string };

/**
 * The writers compiled so far, by response schema. A schema is an immutable object: one writer serves every route
 * and every app instance that answers with it (compiling one takes milliseconds, and a test run starts the app
 * once per file).
 */
const compiledBySchema = new WeakMap<$ZodType, Compiled>();

/** The compiled writer of one route answer, or why there is none. */
export function compileSerializer(routeSchema: RouteSchema): Compiled {
  const schema = routeSchema.schema as $ZodType;
  let compiled = compiledBySchema.get(schema);
  if (!compiled) {
    compiled = compileFor(schema);
    compiledBySchema.set(schema, compiled);
  }
  return compiled;
}

function compileFor(schema: $ZodType): Compiled {
  const reason = inexpressibleType(schema);
  if (reason) return { reason };
  const jsonSchema = z.toJSONSchema(schema, {
    target: 'draft-07',
    io: 'output',
    unrepresentable: 'throw',
    reused: 'inline',
  });
  return fastJson(forSerializer(jsonSchema) as Parameters<typeof fastJson>[0]);
}
