/** `GET /api/notification-preferences` (docs/behaviour/member-learning.md#nudges); a 401 reads as null. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NotificationPreferences } from '@platform/contracts';
import { getQueryFn } from '@platform/ui';

export const PREFERENCES_QUERY_KEY = ['/api/notification-preferences'] as const;

const readOrNull = getQueryFn<unknown>({ on401: 'returnNull' });

export function useNotificationPreferences(enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: PREFERENCES_QUERY_KEY,
      enabled,
      queryFn: async (context): Promise<NotificationPreferences | null> => {
        const [body, { NotificationPreferencesSchema }] = await Promise.all([
          readOrNull(context),
          import('@platform/contracts'),
        ]);
        return body === null ? null : NotificationPreferencesSchema.parse(body);
      },
    }),
  );
}
