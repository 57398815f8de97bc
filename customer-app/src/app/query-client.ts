import { ApiError } from '@portal/data-provider';
import { QueryClient } from '@tanstack/react-query';

/** A 4xx will not change on retry; network failures and 5xx get two more tries. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 60_000, retry: shouldRetry },
      mutations: { retry: false },
    },
  });
}
