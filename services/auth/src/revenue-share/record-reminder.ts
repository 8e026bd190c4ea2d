/**
 * `revenue.reminder.requested` → the users' `reminder24hSentAt`, `reminder72hSentAt` and `reminder7dSentAt`
 * (docs/decisions.md, 21): when each consultation nudge was asked for. The first time stands.
 */
import type { RevenueReminderRequested } from '@platform/contracts';
import type { Executor } from '@platform/service-kit/db';
import { and, eq, isNull } from 'drizzle-orm';
import { users } from '../db/schema.js';

const COLUMNS = {
  'consultation-24h': users.reminder24hSentAt,
  'consultation-72h': users.reminder72hSentAt,
  'consultation-7d': users.reminder7dSentAt,
} as const;

const FIELDS = {
  'consultation-24h': 'reminder24hSentAt',
  'consultation-72h': 'reminder72hSentAt',
  'consultation-7d': 'reminder7dSentAt',
} as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function recordReminder(tx: Executor, reminder: RevenueReminderRequested): Promise<boolean> {
  if (!(reminder.kind in COLUMNS) || !UUID.test(reminder.userId)) return false;
  const kind = reminder.kind as keyof typeof COLUMNS;
  const rows = await tx
    .update(users)
    .set({ [FIELDS[kind]]: new Date(reminder.requestedAt) })
    .where(and(eq(users.id, reminder.userId), isNull(COLUMNS[kind])))
    .returning({ id: users.id });
  return rows.length > 0;
}
