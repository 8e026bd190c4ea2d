/**
 * Records a reminder and asks for its e-mail (`revenue.reminder.requested`, which notification sends) in
 * the caller's transaction. An automatic reminder is recorded once per owner, kind and period (the unique
 * index decides, so two replicas racing send one); the admin's are always recorded and always sent.
 */
import { randomUUID } from 'node:crypto';
import type { RevenueReminderKind, RevenueReminderRequested } from '@platform/contracts';
import type { Clock } from '@platform/service-kit/clock';
import type { Executor } from '@platform/service-kit/db';
import { enqueueEvent } from '@platform/service-kit/events';
import { REQUEST_ID_HEADER } from '@platform/service-kit/identity';
import { outboxEvents, reminders, type PaymentPlanRow } from '../db/schema.js';
import { recordAudit } from '../audit/record-audit.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface ReminderRequest {
  plan: PaymentPlanRow;
  kind: RevenueReminderKind;
  /** The month `YYYY-MM`, the report id, or '' (consultation nudges). */
  periodKey: string;
  /** The rung of the ladder (absent for the nudges and the admin's reminders). */
  step?: number | null;
  months: RevenueReminderRequested['months'];
  shares: RevenueReminderRequested['shares'];
  /** `payment-card-notice`: the card the shares will be charged to. */
  card?: RevenueReminderRequested['card'];
  /** The admin who sent it; absent for an automatic reminder. */
  requestedBy?: string;
  requestId?: string;
}

export async function requestReminder(
  tx: Executor,
  request: ReminderRequest,
  clock: Clock,
): Promise<{ id: string; requestedAt: Date } | null> {
  const now = clock.now();
  const trigger = request.requestedBy ? 'admin' : 'automatic';
  const [row] = await tx
    .insert(reminders)
    .values({
      id: randomUUID(),
      userId: request.plan.userId,
      planId: request.plan.id,
      kind: request.kind,
      periodKey: request.periodKey,
      step: request.step ?? 0,
      trigger,
      requestedBy: request.requestedBy ?? null,
      requestedAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: reminders.id, requestedAt: reminders.requestedAt });
  if (!row) return null;
  await recordAudit(tx, {
    entity: 'reminder',
    entityId: row.id,
    action: `sent:${request.kind}`,
    userId: request.plan.userId,
    // A payment reminder's period is its report.
    reportId: UUID.test(request.periodKey) ? request.periodKey : null,
    actor: request.requestedBy ?? null,
    at: now,
    after: { kind: request.kind, periodKey: request.periodKey, step: request.step ?? 0, trigger },
  });
  await enqueueEvent(
    tx,
    outboxEvents,
    {
      type: 'revenue.reminder.requested',
      data: {
        reminderId: row.id,
        userId: request.plan.userId,
        email: request.plan.email,
        firstName: request.plan.firstName,
        kind: request.kind,
        trigger,
        ...(request.step != null && { step: request.step }),
        months: request.months,
        shares: request.shares,
        ...(request.card && { card: { brand: request.card.brand, last4: request.card.last4 } }),
        requestedAt: now.toISOString(),
      },
      headers: request.requestId ? { [REQUEST_ID_HEADER]: request.requestId } : undefined,
    },
    { clock },
  );
  return row;
}
