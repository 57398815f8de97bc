import { ApiError } from '@portal/data-provider';
import { describe, expect, it } from 'vitest';
import { fieldError, formErrorsOf, hasCode } from './form-errors';

describe('formErrorsOf', () => {
  it('puts messages on the fields the server names, the rest on the form', () => {
    const error = new ApiError({
      status: 400,
      type: 'invalid_request',
      errors: [
        { errorCode: 'invalid_request', resources: ['body.name'], messages: ['Project name is required.'] },
        {
          errorCode: 'owner_equals_substitute',
          resources: ['substitute'],
          messages: ['Owner and substitute…'],
        },
        { errorCode: 'forbidden', resources: ['project'], messages: ['Not yours.'] },
      ],
    });
    const errors = formErrorsOf(error, { name: 'name', substitute: 'substitute' });
    expect(errors.status).toBe(400);
    expect(fieldError(errors, 'name')).toBe('Project name is required.');
    expect(fieldError(errors, 'substitute')).toBe('Owner and substitute…');
    expect(errors.form).toEqual(['Not yours.']);
    expect(hasCode(errors, 'owner_equals_substitute')).toBe(true);
  });

  it('maps a resource to another field name (board → the serial number field)', () => {
    const error = new ApiError({
      status: 409,
      type: 'conflict',
      errors: [
        {
          errorCode: 'serial_number_already_registered',
          resources: ['board'],
          messages: ['This serial number is already registered with a project.'],
        },
      ],
    });
    expect(fieldError(formErrorsOf(error, { board: 'serial' }), 'serial')).toBe(
      'This serial number is already registered with a project.',
    );
  });

  it('lists the items of a coded error instead of treating them as fields', () => {
    const error = new ApiError({
      status: 409,
      type: 'conflict',
      errors: [
        {
          errorCode: 'deletion_with_members',
          resources: ['a@portal.test', 'b@portal.test'],
          messages: ['Remove them first.'],
        },
      ],
    });
    const errors = formErrorsOf(error);
    expect(errors.form).toEqual(['Remove them first.']);
    expect(errors.items).toEqual(['a@portal.test', 'b@portal.test']);
  });

  it('keeps the status title when the server gave no message, and reads other errors', () => {
    expect(formErrorsOf(new ApiError({ status: 502, type: 'x', errors: [] })).form).toEqual([
      'Service unavailable',
    ]);
    expect(formErrorsOf(new Error('boom')).form).toEqual(['boom']);
    expect(formErrorsOf('odd', {}, 'fallback').form).toEqual(['fallback']);
  });
});
