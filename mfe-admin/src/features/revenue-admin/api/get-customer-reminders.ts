/** `GET /api/admin/revenue-customers/:id/reminders` (admin only): the reminders sent, newest first, and those to come. */
import { defineParsedQueryFamily } from '@platform/ui';
import { REVENUE_CUSTOMERS_KEY } from './revenue-ledger-keys';

const customerReminders = defineParsedQueryFamily(
  (customerId: string) => [...REVENUE_CUSTOMERS_KEY, encodeURIComponent(customerId), 'reminders'],
  (contracts) => contracts.ReminderLadderSchema,
);

export const customerRemindersQuery = customerReminders.options;
export const useCustomerReminders = customerReminders.use;
