/** `GET /api/notification-preferences` (docs/behaviour/member-learning.md#nudges); a 401 reads as null. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NotificationPreferences } from '@platform/contracts';
import { parsedQueryFnOrNull } from '@platform/ui';

export const PREFERENCES_QUERY_KEY = ['/api/notification-preferences'] as const;

export function useNotificationPreferences(enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: PREFERENCES_QUERY_KEY,
      enabled,
      queryFn: parsedQueryFnOrNull<NotificationPreferences>(
        (contracts) => contracts.NotificationPreferencesSchema,
      ),
    }),
  );
}
