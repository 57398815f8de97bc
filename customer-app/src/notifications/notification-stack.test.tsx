import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { vi } from 'vitest';
import { NotificationStack } from './notification-stack';
import { NotificationStore, key, literal, notifyBatch } from './notification-store';

let store: NotificationStore;

beforeEach(() => {
  vi.useFakeTimers();
  store = new NotificationStore();
  render(<NotificationStack store={store} />);
});

afterEach(() => {
  vi.useRealTimers();
});

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));
const notify = (input: Parameters<NotificationStore['notify']>[0]) => act(() => void store.notify(input));

describe('notification timer (spec calls §8.5)', () => {
  it('closes a success notice once its 3 s have run past -150 ms, ticking every 25 ms', () => {
    notify({ kind: 'success', title: key('notifications.loggedIn') });
    expect(screen.getByRole('status')).toHaveProperty(
      'textContent',
      expect.stringContaining('You are signed in.'),
    );
    advance(3000 + 150);
    expect(screen.queryByText('You are signed in.')).not.toBeNull();
    advance(25);
    expect(screen.queryByText('You are signed in.')).toBeNull();
  });

  it.each([
    ['error', false, 5000],
    ['error', true, 20_000],
    ['warning', false, 5000],
    ['locked', false, 5000],
  ] as const)('keeps a %s notice (coded: %s) for %i ms', (kind, coded, duration) => {
    notify({ kind, title: literal('Something happened'), coded });
    advance(duration + 150);
    expect(screen.queryByText('Something happened')).not.toBeNull();
    advance(25);
    expect(screen.queryByText('Something happened')).toBeNull();
  });

  it('pauses while hovered and runs on when the pointer leaves', () => {
    notify({ kind: 'success', title: literal('Saved') });
    const entry = screen.getByRole('status');
    advance(1000);
    fireEvent.mouseEnter(entry);
    advance(60_000);
    expect(screen.queryByText('Saved')).not.toBeNull();
    fireEvent.mouseLeave(entry);
    advance(2000 + 150);
    expect(screen.queryByText('Saved')).not.toBeNull();
    advance(25);
    expect(screen.queryByText('Saved')).toBeNull();
  });

  it('pauses while the keyboard focus is inside', () => {
    notify({ kind: 'error', title: literal('Failed') });
    fireEvent.focus(screen.getByRole('button', { name: 'Close the notification' }));
    advance(30_000);
    expect(screen.queryByText('Failed')).not.toBeNull();
  });

  it('closes at once with its close button', () => {
    notify({ kind: 'error', title: literal('Failed') });
    fireEvent.click(screen.getByRole('button', { name: 'Close the notification' }));
    expect(screen.queryByText('Failed')).toBeNull();
  });

  it('announces errors at once and other notices politely', () => {
    notify({ kind: 'error', title: literal('Broken') });
    notify({ kind: 'success', title: literal('Fine') });
    expect(screen.getByRole('alert').textContent).toContain('Broken');
    expect(screen.getByRole('status').textContent).toContain('Fine');
  });
});

describe('notification content', () => {
  it('strips unsafe markup from a server message and keeps the inline tags', () => {
    notify({
      kind: 'error',
      title: literal('Upload failed'),
      message: literal('<b>board.xml</b> is invalid<script>alert(1)</script><img src=x onerror=alert(2)>'),
    });
    const entry = screen.getByRole('alert');
    expect(entry.querySelector('b')?.textContent).toBe('board.xml');
    expect(entry.querySelector('script')).toBeNull();
    expect(entry.querySelector('img')).toBeNull();
    expect(entry.textContent).toContain('board.xml is invalid');
  });

  it('shows catalogue texts as plain text', () => {
    notify({
      kind: 'error',
      title: key('error.status.403'),
      details: [key('notifications.supportId', { supportId: '<i>x</i>' })],
    });
    const entry = screen.getByRole('alert');
    expect(entry.textContent).toContain('Forbidden, lack of permissions');
    expect(entry.textContent).toContain('Support ID: <i>x</i>');
    expect(entry.querySelector('i')).toBeNull();
  });

  it('sums up a batch: a success when every item went through, an error otherwise', () => {
    act(() => void notifyBatch(store, { action: 'deleted', succeeded: 3, total: 3 }));
    act(() => void notifyBatch(store, { action: 'added', succeeded: 1, total: 2 }));
    expect(screen.getByRole('status').textContent).toContain('Deleted3 of 3 items done.');
    expect(screen.getByRole('alert').textContent).toContain('Added1 of 2 items done.');
  });

  it('keeps the five newest entries', () => {
    for (let index = 1; index <= 7; index += 1)
      notify({ kind: 'success', title: literal(`Notice ${index}`) });
    expect(screen.getAllByRole('status')).toHaveLength(5);
    expect(screen.queryByText('Notice 2')).toBeNull();
    expect(screen.queryByText('Notice 7')).not.toBeNull();
  });
});
