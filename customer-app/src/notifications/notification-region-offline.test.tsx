import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { NotificationRegion } from './notification-region';
import { NotificationStore, key } from './notification-store';

// Offline or mid-release, the entries' code does not load: the import of the stack fails.
vi.mock('./notification-stack', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

describe('NotificationRegion when the entries’ code cannot load (spec calls §8.5)', () => {
  it('tells each notice plainly, closable, and does not reload the page', async () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    const store = new NotificationStore();
    render(<NotificationRegion store={store} />);

    act(() => void store.notify({ kind: 'error', title: key('error.network') }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Network failure');
    expect(screen.getByRole('region', { name: 'Notifications' }).contains(alert)).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Close the notification' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(reload).not.toHaveBeenCalled();
    vi.unstubAllGlobals();
  });
});
