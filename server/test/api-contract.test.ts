import type { FastifyInstance, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { API_ENDPOINTS, type Endpoint } from '@portal/resources';
import { API_PREFIX } from '../src/app.js';
import { startTestApp, type TestApp } from './support/app.js';

/** Every route as the app registers it, with the schemas it validates and answers with. */
const routes = new Map<string, RouteOptions['schema']>();
/** The root instance's first hook sees every route of every plugin, without touching a route file. */
const logRoutes = (app: FastifyInstance) =>
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routes.set(`${method} ${route.url}`, route.schema);
  });

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({}, { onInstance: logRoutes });
});
afterAll(() => t?.close());

/** What a schema stands for on the wire; zod's own JSON Schema, so a change anywhere in it shows. */
const jsonSchema = (schema: unknown) =>
  schema instanceof z.ZodType
    ? (['input', 'output'] as const).map((io) => z.toJSONSchema(schema, { unrepresentable: 'any', io }))
    : schema;

/** The route's answer: its one 2xx response schema (201 before 200 when it creates). */
function answerOf(schema: RouteOptions['schema']): unknown {
  const responses = (schema?.response ?? {}) as Record<string, unknown>;
  const success = Object.keys(responses).filter((status) => /^2\d\d$/.test(status));
  return responses[success.find((status) => status !== '200') ?? '200'];
}

const entries = Object.entries(API_ENDPOINTS) as [string, Endpoint][];

describe('the API contract of the apps (API_ENDPOINTS) is the server’s', () => {
  it.each(entries)('%s is a route with the same body, query and answer schemas', (key, endpoint) => {
    const [method, path] = key.split(' ');
    const route = `${method} ${API_PREFIX}${path}`;
    expect([...routes.keys()], route).toContain(route);
    const schema = routes.get(route);
    expect(jsonSchema(answerOf(schema)), `${key} answer`).toEqual(jsonSchema(endpoint.answer));
    expect(jsonSchema(schema?.body), `${key} body`).toEqual(jsonSchema(endpoint.body));
    if (endpoint.query)
      expect(jsonSchema(schema?.querystring), `${key} query`).toEqual(jsonSchema(endpoint.query));
    if (endpoint.whole) {
      // Without `fields` the whole record comes back: the same properties, each one present.
      const properties = (schema: z.ZodType) => z.toJSONSchema(schema, { unrepresentable: 'any' }).properties;
      expect(properties(endpoint.answer)).toEqual(properties(endpoint.whole));
    }
  });

  it('compares schemas, not just the routes: a changed answer schema fails', () => {
    const projectAnswer = answerOf(routes.get(`PATCH ${API_PREFIX}/projects/:id`));
    const changed = API_ENDPOINTS['PATCH /projects/:id'].answer.extend({ renamed: z.string() });
    expect(jsonSchema(projectAnswer)).not.toEqual(jsonSchema(changed));
    expect(jsonSchema(projectAnswer)).toEqual(jsonSchema(API_ENDPOINTS['PATCH /projects/:id'].answer));
  });

  it('the route log sees every API route the access plugin sees', () => {
    // Guards the hook itself: a route it missed could not be compared.
    expect(t.app.apiRoutes.length).toBeGreaterThan(0);
    for (const { method, url } of t.app.apiRoutes) expect(routes.has(`${method} ${url}`), url).toBe(true);
  });
});
