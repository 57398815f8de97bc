import { ApiError } from '@portal/data-provider';
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { notifyError } from '../notifications/notify-error';
import type { NotificationStore } from '../notifications/notification-store';

/** A 4xx will not change on retry; network failures and 5xx get two more tries. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

/** A request that got no answer is logged as well as told (spec calls §8.2). */
function report(notifications: NotificationStore, error: unknown): void {
  if (error instanceof ApiError && error.status === 0) console.error('A request got no response', error);
  void notifyError(notifications, error);
}

/**
 * Server state for the whole app. A query's first failure is shown by its page; a failed background refresh
 * and a failed mutation without its own handler go to the notification stack.
 */
export function createQueryClient(notifications: NotificationStore): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (query.state.data !== undefined && query.meta?.silent !== true) report(notifications, error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (!mutation.options.onError && mutation.meta?.silent !== true) report(notifications, error);
      },
    }),
    defaultOptions: {
      queries: { staleTime: 60_000, retry: shouldRetry },
      mutations: { retry: false },
    },
  });
}
