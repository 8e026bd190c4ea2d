/**
 * `GET /api/revenue-reminders` (docs/behaviour/revenue-share.md#the-reminder-ladder): the reminders the
 * signed-in owner was sent, newest first, and those to come. A report or a payment changes what comes
 * next, so it is read again with the reports.
 */
import { useQuery } from '@tanstack/react-query';
import { parsedQueryFn } from '@platform/ui';

export const MY_REMINDERS_QUERY_KEY = ['/api/revenue-reminders'] as const;

export function useMyReminders(enabled: boolean) {
  return useQuery({
    queryKey: MY_REMINDERS_QUERY_KEY,
    enabled,
    queryFn: parsedQueryFn((contracts) => contracts.ReminderLadderSchema),
  });
}
