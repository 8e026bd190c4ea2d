import type { QueryFunction } from '@tanstack/react-query';
import { throwIfResponseNotOk } from './api-request';

export type UnauthorizedBehavior = 'returnNull' | 'throw';

/**
 * The default read (spec §7): GET the query key joined with `/` (`['/api/courses', 3]` →
 * `/api/courses/3`), cookies included, JSON answer. With `on401: 'returnNull'` a 401 resolves to null.
 */
export function getQueryFn<T>({ on401 }: { on401: UnauthorizedBehavior }): QueryFunction<T> {
  return async ({ queryKey }) => {
    const res = await fetch(queryKey.join('/'), { credentials: 'include' });
    if (on401 === 'returnNull' && res.status === 401) return null as T;
    await throwIfResponseNotOk(res);
    return (await res.json()) as T;
  };
}
