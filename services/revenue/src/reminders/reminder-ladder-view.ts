/**
 * `GET /api/revenue-reminders` (the owner's own) and `GET /api/admin/revenue-customers/:id/reminders`:
 * every reminder sent, newest first, and the rungs of the ladder still to come, soonest first
 * (reminder-schedule.ts decides both), each with a label in words. A rung or a charge whose time has come
 * but which the job has not reached yet is shown as coming now, never under a date already past.
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
import type { CardOnFile } from '../collection/cards-on-file.js';
import { nextCollection } from '../collection/collection-schedule.js';
import { isUnpaid } from '../standing/customer-standing.js';
import { ladderContextOf } from './ladder-context.js';
import { reminderLadder } from './reminder-schedule.js';

const NUDGE_LABELS: Partial<Record<RevenueReminderKind, string>> = {
  'consultation-24h': 'Consultation reminder, 24 hours after joining',
  'consultation-72h': 'Consultation reminder, 3 days after joining',
  'consultation-7d': 'Consultation reminder, a week after joining',
  'report-admin': 'Report reminder sent by the admin',
  'payment-admin': 'Payment reminder sent by the admin',
};

const days = (count: number) => `${count} ${count === 1 ? 'day' : 'days'}`;

/** 'your Visa ending 4242', or 'your card on file' when it is not known (a notice sent earlier). */
const cardWords = (card: CardOnFile | null | undefined) =>
  card ? `your ${card.brand} ending ${card.last4}` : 'your card on file';

const shareSubject = (report: RevenueReportRow | undefined) =>
  report ? `Share for ${monthName(report.reportingPeriodStart)}` : 'Revenue share';

function labelOf(
  kind: RevenueReminderKind,
  periodKey: string,
  step: number,
  reports: Map<string, RevenueReportRow>,
  card?: CardOnFile,
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
  const subject = shareSubject(reports.get(periodKey));
  if (kind === 'payment-card-notice')
    return `${subject}: notice that ${cardWords(card)} will be charged on the due date`;
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
  const [reports, context, rows] = await Promise.all([
    listReportsOfUser(db, userId),
    ladderContextOf(db, userId),
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
  const rungs: ReminderEntry[] = reminderLadder(plan, reports, now, context)
    .filter((rung) => rung.until.getTime() > now.getTime())
    .filter((rung) => !automatic.has(key(rung.kind, rung.periodKey, rung.step ?? 0)))
    .map((rung) => ({
      kind: rung.kind,
      trigger: 'automatic' as const,
      step: rung.step,
      label: labelOf(rung.kind, rung.periodKey, rung.step ?? 0, byId, rung.card),
      at: rung.at.toISOString(),
    }));
  const next = [...rungs, ...nextCharges(reports, context)]
    .map((entry) => (Date.parse(entry.at) < now.getTime() ? { ...entry, at: now.toISOString() } : entry))
    .sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  return { sent, next };
}

/**
 * With a card on file, each share's next charge to it (the collection job's attempt on the due date, or
 * its retry after a decline): what will happen instead of a payment reminder.
 */
function nextCharges(
  reports: RevenueReportRow[],
  { card, paused, collectionEnded, attempts }: Awaited<ReturnType<typeof ladderContextOf>>,
): ReminderEntry[] {
  if (!card) return [];
  return reports.flatMap((report) => {
    if (!report.verified || !isUnpaid(report) || paused.has(report.id) || collectionEnded.has(report.id))
      return [];
    const charge = nextCollection(report.dueDate, attempts.get(report.id) ?? []);
    if (!charge) return [];
    const again = charge.attempt > 1 ? ` again (attempt ${charge.attempt})` : '';
    return [
      {
        kind: 'card-charge' as const,
        trigger: 'automatic' as const,
        step: null,
        label: `${shareSubject(report)}: charged${again} to ${cardWords(card)}`,
        at: charge.at.toISOString(),
      },
    ];
  });
}
