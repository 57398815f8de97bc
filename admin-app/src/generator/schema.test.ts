import { describe, expect, it } from 'vitest';
import { gadgetInputSchema, gadgetsResource } from '../test/gadgets';
import {
  createDefaults,
  formFields,
  isRequiredField,
  secretFields,
  toPayload,
  validateWithSchema,
  visibleFields,
} from './schema';

const valid = {
  name: 'Gizmo 1',
  code: 'G1',
  homepage: 'https://gadgets.example',
  enabled: true,
  kind: 'gizmo',
  ownerId: null,
  tags: ['new'],
};

describe('formFields', () => {
  it('shows the fields the schema takes, never read-only or secret ones', () => {
    expect(formFields(gadgetsResource, 'create').map((field) => field.source)).toEqual([
      'name',
      'code',
      'homepage',
      'enabled',
      'kind',
      'ownerId',
      'tags',
    ]);
  });

  it('keeps a create-only field on the edit form, so the record still shows what identifies it', () => {
    expect(formFields(gadgetsResource, 'edit').some((field) => field.source === 'code')).toBe(true);
  });

  it('has no form without a schema', () => {
    expect(formFields({ ...gadgetsResource, update: undefined }, 'edit')).toEqual([]);
  });
});

describe('visible and secret fields', () => {
  it('never displays a secret, and knows which answer carries one', () => {
    expect(visibleFields(gadgetsResource).map((field) => field.source)).not.toContain('token');
    expect(secretFields(gadgetsResource).map((field) => field.source)).toEqual(['token']);
  });
});

describe('isRequiredField', () => {
  const shape = gadgetInputSchema.shape;
  const field = (source: string) => gadgetsResource.fields.find((f) => f.source === source)!;

  it.each([
    ['name', true],
    ['code', true],
    ['homepage', false],
    ['enabled', false],
    ['kind', true],
    ['ownerId', false],
    ['tags', false],
  ])('%s required: %s', (source, required) => {
    expect(isRequiredField(field(source), shape[source as keyof typeof shape])).toBe(required);
  });
});

describe('createDefaults', () => {
  it('starts untouched booleans, lists and optional texts valid', () => {
    expect(createDefaults(gadgetsResource)).toEqual({
      name: '',
      code: '',
      homepage: null,
      enabled: false,
      ownerId: null,
      tags: [],
    });
  });
});

describe('toPayload', () => {
  it('sends exactly the keys of the schema, never the id, read-only fields or the secret', () => {
    const payload = toPayload(gadgetsResource, 'edit', {
      ...valid,
      id: '00000000-0000-4000-8000-000000000001',
      updatedAt: '2025-01-01T00:00:00Z',
      token: 'x',
    });
    expect(payload).toEqual(valid);
  });

  it('sends an emptied optional text as null and an emptied required text as an empty string', () => {
    expect(toPayload(gadgetsResource, 'create', { ...valid, homepage: '', name: null })).toMatchObject({
      homepage: null,
      name: '',
    });
  });
});

describe('validateWithSchema', () => {
  it('accepts a valid record', () => {
    expect(validateWithSchema(gadgetsResource, 'create', valid)).toEqual({});
  });

  it('answers the messages of the schema, which the API answers too, one per field', () => {
    const values = { ...valid, name: '', homepage: 'ftp://files', kind: undefined, code: '   ' };
    const expected: Record<string, string> = {};
    for (const issue of gadgetInputSchema.safeParse(toPayload(gadgetsResource, 'create', values)).error!
      .issues) {
      expected[String(issue.path[0])] ??= issue.message;
    }
    expect(validateWithSchema(gadgetsResource, 'create', values)).toEqual(expected);
    expect(expected).toEqual({
      name: 'Name is required.',
      homepage: 'Please enter a valid URL starting with http:// or https://.',
      kind: 'Choose a kind.',
      code: 'Code is required.',
    });
  });

  it('checks the maximum length', () => {
    expect(validateWithSchema(gadgetsResource, 'edit', { ...valid, name: 'x'.repeat(13) })).toEqual({
      name: 'Name may have at most 12 characters.',
    });
  });

  it('puts an issue of the whole record on the first field of the form', () => {
    const refined = {
      ...gadgetsResource,
      create: gadgetInputSchema.refine((gadget) => gadget.enabled || gadget.tags.length === 0, {
        message: 'Only enabled gadgets have tags.',
      }),
    };
    expect(validateWithSchema(refined, 'create', { ...valid, enabled: false })).toEqual({
      name: 'Only enabled gadgets have tags.',
    });
  });
});
