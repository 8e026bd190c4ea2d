/** `GET /api/admin/revenue-customers/:id/reminders` (admin only): the reminders sent, newest first, and those to come. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ReminderLadderSchema } from '@platform/contracts';
import type { ReminderLadder } from '@platform/contracts';
import { getQueryFn } from '@platform/ui';
import { REVENUE_CUSTOMERS_KEY } from './revenue-ledger-keys';

const read = getQueryFn<unknown>({ on401: 'throw' });

export function customerRemindersQuery(customerId: string, enabled: boolean) {
  return queryOptions({
    queryKey: [...REVENUE_CUSTOMERS_KEY, encodeURIComponent(customerId), 'reminders'],
    enabled,
    queryFn: async (context): Promise<ReminderLadder> => ReminderLadderSchema.parse(await read(context)),
  });
}

export function useCustomerReminders(customerId: string, enabled: boolean) {
  return useQuery(customerRemindersQuery(customerId, enabled));
}
