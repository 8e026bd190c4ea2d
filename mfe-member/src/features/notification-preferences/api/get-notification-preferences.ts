/** `GET /api/notification-preferences` (docs/behaviour/member-learning.md#nudges); a 401 reads as null. */
import { defineSignedInQuery } from '@platform/ui';

const preferences = defineSignedInQuery(
  ['/api/notification-preferences'],
  (contracts) => contracts.NotificationPreferencesSchema,
);

export const PREFERENCES_QUERY_KEY = preferences.queryKey;
export const useNotificationPreferences = preferences.use;
