import { ApiError } from '@portal/data-provider';
import { key, type NotificationStore, type NotifyInput } from './notification-store';
import { statusTitleKey } from './status-title';

/**
 * Tells an error in a notification (spec calls §8.5). `errorNotice` and the error codes it knows load with the
 * first error (issue 20: not on every first page); should they fail to load, the error is still told.
 */
export async function notifyError(
  store: NotificationStore,
  error: unknown,
  adjust: (notice: NotifyInput) => NotifyInput = (notice) => notice,
): Promise<void> {
  const notice = await import('./error-notice').then(
    ({ errorNotice }) => errorNotice(error),
    (): NotifyInput => ({
      kind: 'error',
      title: key(error instanceof ApiError ? statusTitleKey(error.status) : 'error.unknown'),
    }),
  );
  store.notify(adjust(notice));
}
