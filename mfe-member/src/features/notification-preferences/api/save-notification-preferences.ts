/** `PUT /api/notification-preferences` (docs/behaviour/member-learning.md#nudges). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotificationPreferences } from '@platform/contracts';
import { requestParsed } from '@platform/ui';
import { PREFERENCES_QUERY_KEY } from './get-notification-preferences';

export function useSaveNotificationPreferences() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (preferences: NotificationPreferences): Promise<NotificationPreferences> =>
      requestParsed(
        'PUT',
        '/api/notification-preferences',
        preferences,
        (contracts) => contracts.NotificationPreferencesSchema,
      ),
    onSuccess: (saved) => client.setQueryData(PREFERENCES_QUERY_KEY, saved),
  });
}
