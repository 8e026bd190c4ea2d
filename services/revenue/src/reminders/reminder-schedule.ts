/**
 * Which automatic reminders an owner is due now (docs/decisions.md, 21 and 26), as a pure function of the
 * plan, the reports and the service clock. Each comes with its period key; the reminders table lets each
 * (owner, kind, period) through once, so this may name a reminder already sent.
 *
 * - Consultation nudges while the consultation is not submitted: 24 h, 72 h and 7 days after consent,
 *   each only until the next one is due (the 7-day one for a week), so a job that was down sends the
 *   latest nudge rather than all three at once.
 * - Report reminders: on the 1st (from midnight UTC) for the month just ended, if it is a month to report
 *   and not reported; again for each month whose report became late.
 * - Payment reminders for each verified share still owed: in the 7 days before it is due, and from the
 *   day after it fell due.
 */
import { DAY, HOUR } from '@platform/service-kit/clock';
import type { RevenueReminderKind, RevenueReminderRequested } from '@platform/contracts';
import type { PaymentPlanRow, RevenueReportRow } from '../db/schema.js';
import { addDays, monthOf, type CalendarMonth } from '../lib/calendar.js';
import {
  computeStanding,
  firstReportMonth,
  isMonthReported,
  isUnpaid,
  reportLateAfter,
} from '../standing/customer-standing.js';

export interface DueReminder {
  kind: RevenueReminderKind;
  periodKey: string;
  months: RevenueReminderRequested['months'];
  shares: RevenueReminderRequested['shares'];
}

const NUDGES: ReadonlyArray<{ kind: RevenueReminderKind; fromMs: number; untilMs: number }> = [
  { kind: 'consultation-24h', fromMs: 24 * HOUR, untilMs: 72 * HOUR },
  { kind: 'consultation-72h', fromMs: 72 * HOUR, untilMs: 7 * DAY },
  { kind: 'consultation-7d', fromMs: 7 * DAY, untilMs: 14 * DAY },
];
const CONSULTATION_SUBMITTED = new Set(['submitted', 'approved']);
export const PAYMENT_REMINDER_DAYS_BEFORE = 7;

const monthEntry = (month: CalendarMonth) => ({ periodStart: month.firstDay, periodEnd: month.lastDay });

export function shareEntry(report: RevenueReportRow) {
  return {
    reportId: report.id,
    periodStart: report.reportingPeriodStart,
    periodEnd: report.reportingPeriodEnd,
    amountDue: report.shareOwed - report.amountPaid,
    dueDate: report.dueDate.toISOString(),
  };
}

export function dueReminders(plan: PaymentPlanRow, reports: RevenueReportRow[], now: Date): DueReminder[] {
  if (!plan.revenueShareActive) return [];
  const due: DueReminder[] = [];

  if (!CONSULTATION_SUBMITTED.has(plan.consultationStatus)) {
    const elapsed = now.getTime() - plan.consentedAt.getTime();
    const nudge = NUDGES.find(({ fromMs, untilMs }) => elapsed >= fromMs && elapsed < untilMs);
    if (nudge) due.push({ kind: nudge.kind, periodKey: '', months: [], shares: [] });
  }

  const justEnded = monthOf(addDays(monthOf(now).start, -1));
  const first = firstReportMonth(plan.implementationPeriodEndsAt);
  if (
    justEnded.start.getTime() >= first.start.getTime() &&
    now.getTime() <= reportLateAfter(justEnded).getTime() &&
    !isMonthReported(justEnded, reports)
  ) {
    due.push({ kind: 'report-due', periodKey: justEnded.key, months: [monthEntry(justEnded)], shares: [] });
  }
  const standing = computeStanding({ implementationEndsAt: plan.implementationPeriodEndsAt, reports, now });
  // One e-mail names every late month (an owner back-dated by the admin may have many), keyed by the latest:
  // a month that becomes late later brings one more, listing them all again.
  const latest = standing.missingMonths.at(-1);
  if (latest) {
    due.push({
      kind: 'report-overdue',
      periodKey: latest.key,
      months: standing.missingMonths.map(monthEntry),
      shares: [],
    });
  }

  for (const report of reports) {
    if (!report.verified || !isUnpaid(report)) continue;
    const dueAt = report.dueDate.getTime();
    if (now.getTime() >= dueAt - PAYMENT_REMINDER_DAYS_BEFORE * DAY && now.getTime() < dueAt) {
      due.push({ kind: 'payment-upcoming', periodKey: report.id, months: [], shares: [shareEntry(report)] });
    } else if (now.getTime() >= dueAt + DAY) {
      due.push({ kind: 'payment-overdue', periodKey: report.id, months: [], shares: [shareEntry(report)] });
    }
  }
  return due;
}
