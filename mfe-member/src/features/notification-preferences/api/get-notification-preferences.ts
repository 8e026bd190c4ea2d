/** `GET /api/notification-preferences` (docs/behaviour/member-learning.md#nudges); a 401 reads as null. */
import { defineParsedQuery } from '@platform/ui';

const preferences = defineParsedQuery(
  ['/api/notification-preferences'],
  (contracts) => contracts.NotificationPreferencesSchema,
  { on401: 'returnNull' },
);

export const PREFERENCES_QUERY_KEY = preferences.queryKey;
export const useNotificationPreferences = preferences.use;
