import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NotificationRegion } from './notification-region';
import { NotificationStore, key } from './notification-store';

describe('NotificationRegion (spec calls §8.5, issue 20)', () => {
  it('holds the empty labelled region until the first notice, then loads the entries and shows it', async () => {
    const store = new NotificationStore();
    render(<NotificationRegion store={store} />);
    const region = screen.getByRole('region', { name: 'Notifications' });
    expect(region.childElementCount).toBe(0);

    act(() => void store.notify({ kind: 'success', title: key('notifications.loggedIn') }));
    expect(await screen.findByRole('status')).toHaveProperty(
      'textContent',
      expect.stringContaining('You are signed in.'),
    );
    expect(region.contains(screen.getByRole('status'))).toBe(true);
  });
});
