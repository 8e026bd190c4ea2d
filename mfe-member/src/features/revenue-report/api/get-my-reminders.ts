/**
 * `GET /api/revenue-reminders` (docs/behaviour/revenue-share.md#the-reminder-ladder): the reminders the
 * signed-in owner was sent, newest first, and those to come. A report or a payment changes what comes
 * next, so it is read again with the reports.
 */
import { useQuery } from '@tanstack/react-query';
import type { ReminderLadder } from '@platform/contracts';
import { getQueryFn } from '@platform/ui';

export const MY_REMINDERS_QUERY_KEY = ['/api/revenue-reminders'] as const;

const read = getQueryFn<unknown>({ on401: 'throw' });

export function useMyReminders(enabled: boolean) {
  return useQuery({
    queryKey: MY_REMINDERS_QUERY_KEY,
    enabled,
    queryFn: async (context): Promise<ReminderLadder> => {
      const [body, { ReminderLadderSchema }] = await Promise.all([
        read(context),
        import('@platform/contracts'),
      ]);
      return ReminderLadderSchema.parse(body);
    },
  });
}
