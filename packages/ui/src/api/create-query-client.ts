import { QueryClient } from '@tanstack/react-query';
import { getQueryFn } from './get-query-fn';

/**
 * The shell's one query client (docs/behaviour/site-wide.md#calling-the-api): reads GET their query key, 401
 * is an error unless a query says otherwise, no refetch on focus or timer, data never goes stale, no retries
 * for reads or writes.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Infinity,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
