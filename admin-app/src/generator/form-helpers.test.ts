import { ApiError } from '@portal/data-provider';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { nestedSchemaErrors, nestedSubmissionErrors } from './form-helpers';

const schema = z.object({
  entries: z
    .array(z.object({ xpath: z.string().min(1, 'XPath is required.'), key: z.string().nullable() }))
    .max(2, 'At most 2 entries.'),
  types: z.array(z.string().startsWith('.', 'A type starts with a dot.')).min(1, 'Accept a type.'),
});

describe('nestedSchemaErrors', () => {
  it('puts an entry issue on its input inside the list, and a plain value issue on the list', () => {
    expect(
      nestedSchemaErrors(schema, {
        entries: [
          { xpath: '/a', key: null },
          { xpath: '', key: null },
        ],
        types: ['xml'],
      }),
    ).toEqual({ entries: [{}, { xpath: 'XPath is required.' }], types: 'A type starts with a dot.' });
  });

  it("shows a list's own message when none of its entries has one", () => {
    const three = Array.from({ length: 3 }, () => ({ xpath: '/a', key: null }));
    expect(nestedSchemaErrors(schema, { entries: three, types: [] })).toEqual({
      entries: 'At most 2 entries.',
      types: 'Accept a type.',
    });
  });
});

describe('nestedSubmissionErrors', () => {
  it("keys the API's messages by their full field path", () => {
    const error = new ApiError({
      status: 400,
      type: 'invalid_request',
      errors: [
        {
          errorCode: 'invalid_request',
          resources: ['body.entries.1.xpath'],
          messages: ['This XPath expression is not valid.'],
        },
      ],
    });
    expect(nestedSubmissionErrors(error)).toEqual({
      'entries.1.xpath': 'This XPath expression is not valid.',
    });
  });

  it('lets an error without fields go on', () => {
    const error = new ApiError({
      status: 500,
      type: 'error',
      errors: [{ errorCode: 'error', resources: [], messages: ['Internal error'] }],
    });
    expect(() => nestedSubmissionErrors(error)).toThrow('Internal error');
  });
});
