/**
 * `GET /api/revenue-reminders` (the owner's own) and `GET /api/admin/revenue-customers/:id/reminders`:
 * every reminder sent, newest first, and the rungs of the ladder still to come, soonest first
 * (reminder-schedule.ts decides both), each with a label in words.
 */
import {
  monthName,
  type ReminderEntry,
  type ReminderLadder,
  type RevenueReminderKind,
} from '@platform/contracts';
import type { Executor } from '@platform/service-kit/db';
import { desc, eq } from 'drizzle-orm';
import { reminders, type RevenueReportRow } from '../db/schema.js';
import { findPlanOfUser } from '../plans/plans.repository.js';
import { listReportsOfUser } from '../reports/reports.repository.js';
import { openlyDisputedReportIds } from '../disputes/disputes.repository.js';
import { reminderLadder } from './reminder-schedule.js';

const NUDGE_LABELS: Partial<Record<RevenueReminderKind, string>> = {
  'consultation-24h': 'Consultation reminder, 24 hours after joining',
  'consultation-72h': 'Consultation reminder, 3 days after joining',
  'consultation-7d': 'Consultation reminder, a week after joining',
  'report-admin': 'Report reminder sent by the admin',
  'payment-admin': 'Payment reminder sent by the admin',
};

const days = (count: number) => `${count} ${count === 1 ? 'day' : 'days'}`;

function labelOf(
  kind: RevenueReminderKind,
  periodKey: string,
  step: number,
  reports: Map<string, RevenueReportRow>,
): string {
  const fixed = NUDGE_LABELS[kind];
  if (fixed) return fixed;
  if (kind.startsWith('report-')) {
    const where =
      kind === 'report-upcoming'
        ? `the month ends in ${days(-step)}`
        : kind === 'report-due'
          ? step > 0
            ? `due, ${days(step)} after the month ended`
            : 'the month has ended, the report is due'
          : step > 0
            ? `${days(step)} late`
            : 'late';
    return `${monthName(periodKey)} report: ${where}`;
  }
  const report = reports.get(periodKey);
  const subject = report ? `Share for ${monthName(report.reportingPeriodStart)}` : 'Revenue share';
  if (kind === 'payment-collection-failed')
    return `${subject}: card declined (attempt ${step}), tried again later`;
  if (kind === 'payment-collection-stopped')
    return `${subject}: card declined (attempt ${step}), not tried again`;
  const where =
    kind === 'payment-upcoming'
      ? step < 0
        ? `due in ${days(-step)}`
        : 'due soon'
      : kind === 'payment-due'
        ? 'due today'
        : step > 0
          ? `${days(step)} overdue`
          : 'overdue';
  return `${subject}: ${where}`;
}

const key = (kind: string, periodKey: string, step: number) => `${kind}|${periodKey}|${step}`;

/** The owner's ladder; null for an account without a plan. */
export async function reminderLadderOf(
  db: Executor,
  userId: string,
  now: Date,
): Promise<ReminderLadder | null> {
  const plan = await findPlanOfUser(db, userId);
  if (!plan) return null;
  const [reports, paused, rows] = await Promise.all([
    listReportsOfUser(db, userId),
    openlyDisputedReportIds(db, userId),
    db.select().from(reminders).where(eq(reminders.userId, userId)).orderBy(desc(reminders.requestedAt)),
  ]);
  const byId = new Map(reports.map((report) => [report.id, report]));
  const kind = (value: string) => value as RevenueReminderKind;
  const automatic = new Set(
    rows.filter((row) => row.trigger === 'automatic').map((row) => key(row.kind, row.periodKey, row.step)),
  );
  const sent: ReminderEntry[] = rows.map((row) => ({
    kind: kind(row.kind),
    trigger: row.trigger,
    step: row.trigger === 'automatic' && !row.kind.startsWith('consultation') ? row.step : null,
    label: labelOf(kind(row.kind), row.periodKey, row.step, byId),
    at: row.requestedAt.toISOString(),
  }));
  const next: ReminderEntry[] = reminderLadder(plan, reports, now, paused)
    .filter((rung) => rung.until.getTime() > now.getTime())
    .filter((rung) => !automatic.has(key(rung.kind, rung.periodKey, rung.step ?? 0)))
    .map((rung) => ({
      kind: rung.kind,
      trigger: 'automatic' as const,
      step: rung.step,
      label: labelOf(rung.kind, rung.periodKey, rung.step ?? 0, byId),
      at: rung.at.toISOString(),
    }));
  return { sent, next };
}
