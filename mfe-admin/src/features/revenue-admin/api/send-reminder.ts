/** `POST /api/admin/send-reminder { customerId, reminderType }` (admin only): always sent, and recorded. */
import { SendReminderResponseSchema } from '@platform/contracts';
import type { SendReminderRequest, SendReminderResponse } from '@platform/contracts';
import { apiRequest } from '@platform/ui';
import { useLedgerMutation } from './revenue-ledger-keys';

export async function sendReminder(request: SendReminderRequest): Promise<SendReminderResponse> {
  const response = await apiRequest('POST', '/api/admin/send-reminder', request);
  return SendReminderResponseSchema.parse(await response.json());
}

export function useSendReminder() {
  return useLedgerMutation(sendReminder);
}
