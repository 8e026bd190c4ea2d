import type { QueryFunction } from '@tanstack/react-query';
import { ApiError } from './api-error';
import { apiRequest } from './api-request';

export type UnauthorizedBehavior = 'returnNull' | 'throw';

/**
 * The default read: GET the query key joined with `/` (`['/api/courses', 3]` → `/api/courses/3`),
 * cookies included, JSON answer. With `on401: 'returnNull'` a 401 resolves to null (signed out);
 * any other refusal rejects with the `ApiError`.
 */
export function getQueryFn<T>({ on401 }: { on401: UnauthorizedBehavior }): QueryFunction<T> {
  return async ({ queryKey }) => {
    try {
      const response = await apiRequest('GET', queryKey.join('/'));
      return (await response.json()) as T;
    } catch (error) {
      if (on401 === 'returnNull' && error instanceof ApiError && error.status === 401) return null as T;
      throw error;
    }
  };
}
