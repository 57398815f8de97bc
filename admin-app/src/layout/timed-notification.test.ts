import { describe, expect, it } from 'vitest';
import { rememberCodedMessage } from '../providers/errors';
import { withSpecDuration } from './timed-notification';

const durationOf = (type: 'success' | 'info' | 'warning' | 'error', message: string, options = {}) =>
  withSpecDuration({ type, message, notificationOptions: options }).notificationOptions?.autoHideDuration;

describe('withSpecDuration (spec calls §8.5)', () => {
  it('keeps a success 3 s, including react-admin saved toasts, and a warning 5 s', () => {
    expect(durationOf('success', 'Saved')).toBe(3000);
    expect(durationOf('info', 'ra.notification.updated')).toBe(3000);
    expect(durationOf('warning', 'Careful')).toBe(5000);
  });

  it('keeps an error 5 s, and 20 s when it carries an error code', () => {
    expect(durationOf('error', 'The server could not be reached.')).toBe(5000);
    rememberCodedMessage('This belongs to another company space.');
    expect(durationOf('error', 'This belongs to another company space.')).toBe(20_000);
  });

  it('leaves the undo toast long enough to undo, and a duration the caller chose as it is', () => {
    expect(durationOf('info', 'ra.notification.updated', { undoable: true })).toBe(5000);
    expect(durationOf('info', 'x', { autoHideDuration: null })).toBeNull();
  });
});
