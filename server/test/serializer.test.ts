import type * as Fastify from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { compileSerializer, zodSerializedRoutes } from '../src/http/serializer.js';
import { startTestApp, type TestApp } from './support/app.js';
import { signIn } from './support/sign-in.js';

interface Handed {
  value: unknown;
  schema: unknown;
  method: string;
  url: string;
}
/** What the route of the last request handed to its serializer: the value and the response schema of its status. */
let handed: Handed | null = null;
vi.mock('fastify', async (importOriginal) => {
  const fastify = await importOriginal<typeof Fastify>();
  // A root hook sees every answer of every plugin before it is serialized, without touching a route file.
  const withAnswerLog = (options?: Fastify.FastifyServerOptions) => {
    const app = fastify.default(options);
    app.addHook('preSerialization', async (request, reply, value) => {
      const responses = (request.routeOptions.schema?.response ?? {}) as Record<string, unknown>;
      const schema = responses[reply.statusCode];
      handed = { value, schema, method: request.method, url: request.routeOptions.url ?? '' };
      return value;
    });
    return app;
  };
  return { ...fastify, default: withAnswerLog };
});

let t: TestApp;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await startTestApp();
  for (const email of [
    'admin@portal.test',
    'customer@portal.test',
    'csa@portal.test',
    'internal@portal.test',
  ])
    tokens[email] = (await signIn(t.app, { email })).access_token;
});
afterAll(() => t?.close());

/** Today's bytes: zod's encode, then JSON.stringify (fastify-type-provider-zod's serializer). */
function zodBytes(answer: Handed): string {
  return zodSerializerCompiler({
    schema: answer.schema,
    method: answer.method,
    url: answer.url,
    httpStatus: '200',
  } as Parameters<typeof zodSerializerCompiler>[0])(answer.value);
}

/** An identifier of the first record of a list answer, to fill the next route parameter with. */
function firstKey(body: unknown): string | undefined {
  const first = Array.isArray(body) ? (body[0] as Record<string, unknown> | undefined) : undefined;
  const key = first?.uuid ?? first?.id;
  return typeof key === 'string' || typeof key === 'number' ? String(key) : undefined;
}

/** The route with each parameter filled from the list answer of the path before it (`/boards` → `/boards/:id`). */
function fill(route: string, keys: Map<string, string>): string | null {
  const filled: string[] = [];
  for (const part of route.split('/')) {
    const key = part.startsWith(':') ? keys.get(filled.join('/')) : part;
    if (key === undefined) return null;
    filled.push(key);
  }
  return filled.join('/');
}

describe('the compiled serializer', () => {
  it('writes the same bytes as zod for every list and detail answer reached with the demo data', async () => {
    const compared = new Set<string>();
    const mismatches: string[] = [];
    const byDepth = t.app.apiRoutes
      .filter((route) => route.method === 'GET')
      .map((route) => route.url)
      .sort((a, b) => a.split('/:').length - b.split('/:').length);
    for (const token of Object.values(tokens)) {
      const keys = new Map<string, string>();
      for (const route of byDepth) {
        const url = fill(route, keys);
        if (!url) continue;
        handed = null;
        const response = await t.app.inject({
          method: 'GET',
          url,
          headers: { authorization: `Bearer ${token}` },
        });
        const answer = handed as Handed | null;
        if (!answer || !(answer.schema instanceof z.ZodType)) continue;
        if (response.statusCode === 200) keys.set(url, firstKey(response.json()) ?? '');
        if (response.body === zodBytes(answer)) compared.add(`${route} ${response.statusCode}`);
        else mismatches.push(`${url} ${response.statusCode}`);
      }
    }
    expect(mismatches).toEqual([]);
    expect(compared.size).toBeGreaterThan(60);
    // Every route's answer schema compiles (what would keep zod's path is listed here with the reason).
    expect([...zodSerializedRoutes]).toEqual([]);
  }, 180_000);
});

/** Both writers of one schema: the compiled one (which must exist) and zod's. */
function bothWriters(schema: z.ZodType) {
  const route = { schema, method: 'GET', url: '/x', httpStatus: '200' } as Parameters<
    typeof compileSerializer
  >[0];
  const compiled = compileSerializer(route);
  if (typeof compiled !== 'function') throw new Error(compiled.reason);
  return { compiled, zod: zodSerializerCompiler(route) };
}

describe('the compiled serializer on the shapes zod treats specially', () => {
  const item = z.object({
    id: z.string(),
    at: z.iso.datetime({ offset: true }),
    note: z.string().nullable(),
  });
  const shapes: [string, z.ZodType, unknown][] = [
    [
      'drops fields not in the schema, keeps the declared order',
      z.array(item),
      [{ secret: 'x', note: null, at: '2026-01-01T00:00:00.000Z', id: 'a', extra: { deep: 1 } }],
    ],
    [
      'nullables, optionals left out and undefined',
      z.object({ a: z.number().nullable(), b: z.string().optional(), c: z.boolean().optional() }),
      { a: null, c: undefined },
    ],
    [
      'unions: the first branch that takes the value, extra fields dropped',
      z.array(
        z.discriminatedUnion('kind', [
          z.object({ kind: z.literal('file'), size: z.number() }),
          z.object({ kind: z.literal('link'), href: z.string(), label: z.string().nullable() }),
        ]),
      ),
      [
        { kind: 'link', href: 'h', label: null, size: 3 },
        { kind: 'file', size: 2, href: 'no' },
      ],
    ],
    [
      'nullable objects and enums',
      z.object({ o: item.nullable(), e: z.enum(['x', 'y']).nullable() }),
      { o: null, e: 'y' },
    ],
    [
      'string records keep the value’s key order',
      z.record(z.string(), item.pick({ id: true })),
      { b: { id: '1', x: 1 }, a: { id: '2' } },
    ],
    [
      'enum records take the enum’s order',
      z.record(z.enum(['open', 'closed']), z.number()),
      { closed: 1, open: 2 },
    ],
    [
      'text that JSON escapes',
      z.object({ s: z.string() }),
      { s: 'quote " back \\ nl \n tab \t nul \u0000 lone \ud800 é 😀 </script>' },
    ],
    ['numbers', z.object({ n: z.number(), i: z.number().int() }), { n: -0.000001, i: -0 }],
    ['anything', z.object({ a: z.unknown(), r: z.any() }), { a: { z: [1, null, 'x'] }, r: [true] }],
  ];
  it.each(shapes)('%s', (_name, schema, value) => {
    const { compiled, zod } = bothWriters(schema);
    expect(compiled(value)).toBe(zod(value));
  });

  it('keeps zod’s path for what it cannot express, and says why', () => {
    for (const [schema, reason] of [
      [z.object({ d: z.date() }), 'date'],
      [z.object({ s: z.string().transform((s) => s.length) }), 'pipe'],
      [z.looseObject({ a: z.string() }), 'object with catchall'],
    ] as const) {
      const route = { schema, method: 'GET', url: '/x', httpStatus: '200' } as Parameters<
        typeof compileSerializer
      >[0];
      expect(compileSerializer(route)).toEqual({ reason });
    }
  });
});
