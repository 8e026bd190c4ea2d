/**
 * `GET /api/revenue-reminders` (docs/behaviour/revenue-share.md#the-reminder-ladder): the reminders the
 * signed-in owner was sent, newest first, and those to come. A report or a payment changes what comes
 * next, so it is read again with the reports.
 */
import { defineParsedQuery } from '@platform/ui';

const myReminders = defineParsedQuery(
  ['/api/revenue-reminders'],
  (contracts) => contracts.ReminderLadderSchema,
);

export const MY_REMINDERS_QUERY_KEY = myReminders.queryKey;
export const useMyReminders = myReminders.use;
