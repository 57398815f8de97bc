import type { FastifyInstance } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compileSerializer, routeSerializers } from '../src/transport/serializer.js';
import { demoBoards, projectTestKit } from './projects-support.js';
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
/** A root hook sees every answer of every plugin before it is serialized, without touching a route file. */
const logAnswers = (app: FastifyInstance) =>
  app.addHook('preSerialization', async (request, reply, value) => {
    const responses = (request.routeOptions.schema?.response ?? {}) as Record<string, unknown>;
    const schema = responses[reply.statusCode];
    handed = { value, schema, method: request.method, url: request.routeOptions.url ?? '' };
    return value;
  });

let t: TestApp;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await startTestApp({}, { onInstance: logAnswers });
  for (const email of [
    'admin@portal.test',
    'customer@portal.test',
    'csa@portal.test',
    'internal@portal.test',
  ])
    tokens[email] = (await signIn(t.app, { email })).access_token;
  // The demo data has no projects or partners: a few, so their lists and details answer records.
  const { call, registered, expectOk } = projectTestKit(() => t);
  const customer = { access_token: tokens['customer@portal.test']! };
  const admin = { access_token: tokens['admin@portal.test']! };
  const board = (await demoBoards(t)).noSerial.name;
  const project = await registered(customer, board, { description: 'With "quotes" and\na line break' });
  await registered(customer, board, { name: 'A second project' });
  expectOk(await call('POST', `projects/${project.id}/invitations`, customer), 201);
  const partner = { name: 'Contoso Embedded', linkUrl: 'https://contoso.example.com' };
  expectOk(await call('POST', 'partners', admin, partner), 201);
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

type Item = Record<string, unknown>;

/**
 * The route with each parameter filled from the first record of the list answer of the path before it (`/boards` →
 * `/boards/:id`): the record's field of the parameter's name, else its uuid or id.
 */
function fill(route: string, firstItems: Map<string, Item>): string | null {
  const filled: string[] = [];
  for (const part of route.split('/')) {
    const list = filled.join('/');
    // A caller's own list (`/projects/user`) stands for the whole list it may not read.
    const item = part.startsWith(':') ? (firstItems.get(list) ?? firstItems.get(`${list}/user`)) : undefined;
    const key = part.startsWith(':') ? (item?.[part.slice(1)] ?? item?.uuid ?? item?.id) : part;
    if (typeof key !== 'string' && typeof key !== 'number') return null;
    filled.push(String(key));
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
      const firstItems = new Map<string, Item>();
      for (const route of byDepth) {
        const url = fill(route, firstItems);
        if (!url) continue;
        handed = null;
        const response = await t.app.inject({
          method: 'GET',
          url,
          headers: { authorization: `Bearer ${token}` },
        });
        const answer = handed as Handed | null;
        if (!answer || !(answer.schema instanceof z.ZodType)) continue;
        const body: unknown = response.statusCode === 200 ? response.json() : null;
        if (Array.isArray(body) && body[0]) firstItems.set(url, body[0] as Item);
        // The catalogue lists every kind in one; each kind's detail routes have a path of their own.
        if (route === '/api/v1/catalogue' && Array.isArray(body))
          for (const item of body as Item[]) {
            const list = `${route}/${String(item.kind).replace('software-', '')}s`;
            if (!firstItems.has(list)) firstItems.set(list, { featureId: item.key, uuid: item.key });
          }
        if (response.body === zodBytes(answer)) compared.add(`${route} ${response.statusCode}`);
        else mismatches.push(`${url} ${response.statusCode}`);
      }
    }
    expect(mismatches).toEqual([]);
    expect(compared.size).toBeGreaterThan(60);
    // The app writes with the compiled serializer, and every route's answer schema compiles (what would keep zod's
    // path shows here with the reason).
    expect(routeSerializers.get('GET /api/v1/projects/:id 200')).toBe('compiled');
    expect([...routeSerializers].filter(([, how]) => how !== 'compiled')).toEqual([]);
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
