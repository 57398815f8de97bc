import { ApiError, SignInError } from '@portal/data-provider';
import { describe, expect, it } from 'vitest';
import { errorNotice, statusTitleKey } from './error-notice';
import { needsErrorTexts } from './error-texts';

describe('statusTitleKey (spec calls §8.2)', () => {
  it.each([
    [400, 'error.status.400'],
    [401, 'error.status.401'],
    [403, 'error.status.403'],
    [404, 'error.status.404'],
    [409, 'error.status.409'],
    [500, 'error.status.500'],
    [502, 'error.status.502'],
    [422, 'error.status.400'],
    [503, 'error.status.500'],
    [0, 'error.network'],
    [302, 'error.unknown'],
  ])('%i → %s', (status, expected) => {
    expect(statusTitleKey(status)).toBe(expected);
  });
});

describe('errorNotice', () => {
  it('shows the support ID of a 403', () => {
    const error = new ApiError({ status: 403, type: 'forbidden', errors: [], supportId: 'b1e2' });
    expect(errorNotice(error)).toMatchObject({
      kind: 'error',
      title: { key: 'error.status.403' },
      details: [{ key: 'notifications.supportId', params: { supportId: 'b1e2' } }],
      coded: false,
    });
  });

  it('keeps a coded error 20 s with its text and item list', () => {
    const error = new ApiError({
      status: 400,
      type: 'invalid_request',
      errors: [{ errorCode: 'not_encrypted', resources: ['a.bin', 'b.bin'], messages: ['raw'] }],
    });
    expect(errorNotice(error)).toMatchObject({
      message: { key: 'errorCode.not_encrypted' },
      details: [{ literal: 'a.bin, b.bin' }],
      coded: true,
    });
  });

  it('speaks to the current user when they are in the list of a code that has such a text', () => {
    const error = new ApiError({
      status: 400,
      type: 'invalid_request',
      errors: [{ errorCode: 'not_encrypted', resources: ['me@portal.test'], messages: [] }],
    });
    expect(errorNotice(error, { currentUser: 'me@portal.test' }).message).toEqual({
      key: 'errorCodeForYou.not_encrypted',
      params: undefined,
    });
  });

  it("passes the server's own messages on for uncoded errors", () => {
    const error = new ApiError({
      status: 409,
      type: 'conflict',
      errors: [{ errorCode: 'conflict', resources: [], messages: ['Already there.'] }],
    });
    expect(errorNotice(error)).toMatchObject({
      title: { key: 'error.status.409' },
      message: { literal: 'Already there.' },
    });
  });

  it('names a request without an answer a network failure', () => {
    const error = new ApiError({ status: 0, type: 'network_error', errors: [] }, { message: 'offline' });
    expect(errorNotice(error).title).toEqual({ key: 'error.network', params: undefined });
  });

  it('has the texts of the sign-in errors of §8.1', () => {
    expect(errorNotice(new SignInError('user_fetch_failed')).message).toEqual({
      key: 'signIn.failedToFetchUser',
      params: undefined,
    });
    expect(errorNotice(new SignInError('invalid_authentication_type')).message).toEqual({
      key: 'signIn.invalidAuthenticationType',
      params: undefined,
    });
  });
});

describe('the error texts a notice waits for', () => {
  it('are needed by a coded error and by a key of theirs, not by a plain message', () => {
    const coded = new ApiError({
      status: 400,
      type: 'invalid_request',
      errors: [{ errorCode: 'not_encrypted', resources: ['a.bin'], messages: [] }],
    });
    const entry = (notice: ReturnType<typeof errorNotice>) => ({ ...notice, id: 1, durationMs: 1000 });
    expect(needsErrorTexts(entry(errorNotice(coded)))).toBe(true);
    expect(
      needsErrorTexts(entry(errorNotice(new ApiError({ status: 500, type: 'internal_error', errors: [] })))),
    ).toBe(false);
  });
});
