/** `PUT /api/notification-preferences` (docs/behaviour/member-learning.md#nudges). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotificationPreferences } from '@platform/contracts';
import { apiRequest } from '@platform/ui';
import { PREFERENCES_QUERY_KEY } from './get-notification-preferences';

export function useSaveNotificationPreferences() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (preferences: NotificationPreferences): Promise<NotificationPreferences> => {
      const response = await apiRequest('PUT', '/api/notification-preferences', preferences);
      const { NotificationPreferencesSchema } = await import('@platform/contracts');
      return NotificationPreferencesSchema.parse(await response.json());
    },
    onSuccess: (saved) => client.setQueryData(PREFERENCES_QUERY_KEY, saved),
  });
}
