/**
 * The reminders job's work, as a plain function of the database and the clock: for every plan, the
 * automatic reminders due now (reminder-schedule.ts) are recorded and requested, each at most once per
 * owner, kind and period whatever the number of replicas running it (reminders table, unique index).
 * What is due is decided again with the plan locked, so a payment or a report arriving meanwhile counts.
 */
import { listPlans, lockPlan } from '../plans/plans.repository.js';
import { listReportsOfUser } from '../reports/reports.repository.js';
import { ladderContextOf } from './ladder-context.js';
import { dueReminders } from './reminder-schedule.js';
import { requestReminder } from './request-reminder.js';
import type { RevenueJobDeps } from '../jobs.js';

export interface SentReminder {
  userId: string;
  kind: string;
  periodKey: string;
}

export async function sendDueReminders(deps: RevenueJobDeps): Promise<{ sent: SentReminder[] }> {
  const sent: SentReminder[] = [];
  for (const plan of await listPlans(deps.db)) {
    const now = deps.clock.now();
    const [reports, context] = await Promise.all([
      listReportsOfUser(deps.db, plan.userId),
      ladderContextOf(deps.db, plan.userId),
    ]);
    if (dueReminders(plan, reports, now, context).length === 0) continue;
    await deps.db.transaction(async (tx) => {
      // Read again under the plan's lock, which a payment, a report and a dispute take too: one recorded
      // since the read above is waited for and counted, so nobody is asked for a share they just paid.
      const locked = await lockPlan(tx, plan.id);
      if (!locked) return;
      const [reportsNow, contextNow] = [
        await listReportsOfUser(tx, plan.userId),
        await ladderContextOf(tx, plan.userId),
      ];
      for (const reminder of dueReminders(locked, reportsNow, now, contextNow)) {
        if (await requestReminder(tx, { plan: locked, ...reminder }, deps.clock)) {
          sent.push({ userId: plan.userId, kind: reminder.kind, periodKey: reminder.periodKey });
        }
      }
    });
  }
  if (sent.length > 0) deps.logger?.info({ sent: sent.length }, 'automatic reminders requested');
  return { sent };
}
