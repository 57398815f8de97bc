import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ResourceDefinition } from '@portal/resources';
import { API_PREFIX } from '../../src/app.js';
import { routePath } from '../../src/crud/resource-routes.js';

/** One write of the audit walk: the route as the route table names it, its concrete path and body. */
export interface WalkStep {
  /** `METHOD /api/v1/...`, as the route table names it. */
  route: string;
  /** The concrete path below /api/v1 (ids from earlier steps). */
  url: (ids: Record<string, string>) => string;
  body?: (ids: Record<string, string>) => unknown;
  /** Keeps an id of the answer for later steps. */
  keep?: (answer: Record<string, unknown>, ids: Record<string, string>) => void;
}

type JsonSchema = {
  type?: string;
  const?: unknown;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  exclusiveMinimum?: number;
  minItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
};

/** Letters only, so a sample passes the usual key and name patterns; random, so it breaks no uniqueness rule. */
const seedOf = () => `walk${randomUUID().replace(/[^a-f]/g, '')}`;

function stringSample(schema: JsonSchema, seed: string): string {
  if (schema.format === 'email') return `${seed}@example.com`;
  if (schema.format === 'uri' || schema.format === 'url') return `https://example.com/${seed}`;
  if (schema.format === 'uuid') return randomUUID();
  if (schema.format === 'date-time') return new Date().toISOString();
  const fit = (text: string) =>
    text.padEnd(schema.minLength ?? 0, 'x').slice(0, schema.maxLength ?? text.length + 100);
  const candidates = [seed, seed.toUpperCase()].map(fit);
  const pattern = schema.pattern ? new RegExp(schema.pattern) : undefined;
  return candidates.find((text) => !pattern || pattern.test(text)) ?? candidates[0]!;
}

/** The least value a JSON Schema admits: required properties only, the first choice, the shortest list. */
function sampleOf(schema: JsonSchema, seed: string): unknown {
  if ('const' in schema) return schema.const;
  if (schema.enum) return schema.enum[0];
  const options = schema.anyOf ?? schema.oneOf;
  if (options) return sampleOf(options.find((option) => option.type !== 'null') ?? options[0]!, seed);
  switch (schema.type) {
    case 'string':
      return stringSample(schema, seed);
    case 'integer':
    case 'number':
      return schema.minimum ?? (schema.exclusiveMinimum ?? 0) + 1;
    case 'boolean':
      return true;
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => sampleOf(schema.items ?? {}, seed));
    case 'object':
      return Object.fromEntries(
        (schema.required ?? []).map((key) => [
          key,
          sampleOf(schema.properties?.[key] ?? {}, `${seed}${key}`),
        ]),
      );
    default:
      return null;
  }
}

/** A body its schema accepts, made from the schema alone; throws when the schema asks more than this can make. */
function sampleBody(schema: z.ZodType, route: string): unknown {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  const body = sampleOf(json, seedOf());
  if (!schema.safeParse(body).success) {
    throw new Error(`${route}: no body can be made from its schema alone; walk it with a step of its own`);
  }
  return body;
}

/**
 * An update of a created record: its own values where the update takes them (a key that may not change stays),
 * the schema's sample for the rest.
 */
function updateBody(schema: z.ZodType, route: string, created: Record<string, unknown>): unknown {
  const sample = sampleBody(schema, route) as Record<string, unknown>;
  const body = Object.fromEntries(
    Object.entries(sample).map(([field, value]) => [field, field in created ? created[field] : value]),
  );
  return schema.safeParse(body).success ? body : sample;
}

const writeOf = { create: 'POST', edit: 'PUT', delete: 'DELETE' } as const;

/**
 * The audit walk's steps for the create, update and delete routes the resource generator made and no step in
 * `named` walks: found in the route table by their definition's rule and path, bodies made from its schemas.
 * A new resource's writes are walked so, with no step written for them.
 */
export function generatedWriteSteps(app: FastifyInstance, named: ReadonlySet<string>): WalkStep[] {
  const steps: WalkStep[] = [];
  for (const route of app.apiRoutes) {
    const rule = route.access;
    if (rule.kind !== 'resource' || !(rule.action in writeOf)) continue;
    const action = rule.action as keyof typeof writeOf;
    const definition = rule.definition as ResourceDefinition;
    const base = `${API_PREFIX}${routePath(definition)}`;
    const name = `${route.method} ${route.url}`;
    const shaped = action === 'create' ? route.url === base : new RegExp(`^${base}/:\\w+$`).test(route.url);
    if (route.method !== writeOf[action] || !shaped || named.has(name)) continue;
    const key = `generated:${definition.name}`;
    const path = routePath(definition);
    steps.push(
      action === 'create'
        ? {
            route: name,
            url: () => path,
            body: () => sampleBody(definition.create!, name),
            keep: (answer, ids) => {
              ids[key] = String(answer[definition.idField ?? 'id']);
              ids[`${key}:record`] = JSON.stringify(answer);
            },
          }
        : {
            route: name,
            url: (ids) => `${path}/${ids[key]}`,
            body:
              action === 'edit'
                ? (ids) => updateBody(definition.update!, name, JSON.parse(ids[`${key}:record`] ?? '{}'))
                : undefined,
          },
    );
  }
  // Created before it is changed, changed before it is deleted.
  const order = ['POST', 'PUT', 'DELETE'];
  return steps.sort((a, b) => order.indexOf(a.route.split(' ')[0]!) - order.indexOf(b.route.split(' ')[0]!));
}
