import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '@portal/resources';
import { knownFields } from '@portal/resources';
import { startTestApp, type TestApp } from './support/app.js';
import { bearer, signIn, type Tokens } from './support/sign-in.js';

describe('the fields a body schema knows', () => {
  const record = z.object({ name: z.string(), link: z.string().optional() });
  it.each([
    ['an object', record, ['link', 'name']],
    ['a refined object', record.superRefine(() => undefined), ['link', 'name']],
    ['a transformed object', record.transform((value) => value.name), ['link', 'name']],
    ['an optional object', record.optional(), ['link', 'name']],
    ['a union of objects', z.union([record, z.object({ kind: z.literal('x') })]), ['kind', 'link', 'name']],
    ['an intersection', z.intersection(record, z.object({ id: z.string() })), ['id', 'link', 'name']],
  ])('%s', (_case, schema, fields) => {
    const known = knownFields(schema);
    expect(known instanceof Set ? [...known].sort() : known).toEqual(fields);
  });

  it('takes any field of a loose object, and reads nothing from what is not an object', () => {
    expect(knownFields(record.passthrough())).toBe('any');
    expect(knownFields(z.array(record))).toBeNull();
    expect(knownFields(z.string())).toBeNull();
    expect(knownFields(undefined)).toBeNull();
  });
});

describe('unknown fields of a request body', () => {
  let t: TestApp;
  let admin: Tokens;
  beforeAll(async () => {
    t = await startTestApp();
    admin = await signIn(t.app, { email: 'admin@portal.test' });
  });
  afterAll(() => t?.close());

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: bearer(admin),
      ...(payload === undefined ? {} : { payload }),
    });

  it('refuses a field the route neither takes nor answers with, naming it, and stores nothing', async () => {
    const refused = await call('POST', '/metadata-keys', {
      key: 'boardColour',
      label: 'Board colour',
      colour: 'green',
      constructor: 1,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<ErrorBody>().errors).toEqual([
      { errorCode: 'invalid_request', resources: ['body.colour'], messages: ['Unknown field "colour".'] },
      {
        errorCode: 'invalid_request',
        resources: ['body.constructor'],
        messages: ['Unknown field "constructor".'],
      },
    ]);
    expect((await call('GET', '/metadata-keys/boardColour')).statusCode).toBe(404);
    // The same body without them is taken.
    expect(
      (await call('POST', '/metadata-keys', { key: 'boardColour', label: 'Board colour' })).statusCode,
    ).toBe(201);
  });

  it('lets a whole record come back on update, as react-admin sends it, and changes only what the route takes', async () => {
    const created = await call('POST', '/partners', {
      name: 'Unknown Fields Ltd',
      linkUrl: 'https://uf.example.com',
    });
    expect(created.statusCode, created.body).toBe(201);
    const record = created.json<Record<string, unknown> & { id: string }>();
    const updated = await call('PUT', `/partners/${record.id}`, { ...record, name: 'Known Fields Ltd' });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ id: record.id, name: 'Known Fields Ltd' });
    const invented = await call('PUT', `/partners/${record.id}`, { ...record, isPremium: true });
    expect(invented.statusCode).toBe(400);
    expect(invented.json<ErrorBody>().errors[0]!.resources).toEqual(['body.isPremium']);
  });
});
