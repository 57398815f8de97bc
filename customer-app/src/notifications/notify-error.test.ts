import { ApiError } from '@portal/data-provider';
import { describe, expect, it } from 'vitest';
import { NotificationStore, key } from './notification-store';
import { notifyError } from './notify-error';

describe('notifyError', () => {
  it("tells the error as errorNotice words it, after the caller's adjustment", async () => {
    const store = new NotificationStore();
    const error = new ApiError({ status: 502, type: 'service_unavailable', errors: [] });
    await notifyError(store, error, (notice) => ({ ...notice, title: key('notifications.loginFailed') }));
    expect(store.getSnapshot()).toEqual([
      expect.objectContaining({ kind: 'error', title: key('notifications.loginFailed') }),
    ]);
  });
});
