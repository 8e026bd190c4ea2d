/**
 * The reminder ladder (docs/behaviour/revenue-share.md#the-reminder-ladder; docs/decisions.md, 21, 26 and
 * 76) as a pure function of the plan, the reports and the service clock. Every rung has the moment it is
 * due and the moment the next rung takes over; the job sends a rung while it is current (so a job that
 * was down sends the latest rung, not every one it missed), and the owner's and the admin's pages show
 * the rungs still to come. The reminders table lets each (owner, kind, period, step) through once, so this
 * may name a rung already sent.
 *
 * - Consultation nudges while the consultation is not submitted: 24 h, 72 h and 7 days after consent.
 * - Report reminders for each month to report, until it is reported: 3 days before the month ends, when
 *   it ends, then 3, 7 and 14 days after (the last one after the 10 days of grace: the report is late).
 *   The late rung names every month then unreported.
 * - Payment reminders for each verified share still owed, until it is paid: 3 days before its due date,
 *   on it, then 3, 7 and 14 days after; none while the share's dispute is open (`paused`: the reports with an
 *   open dispute, docs/behaviour/revenue-share.md#disputes).
 *
 * - With a card on file (docs/decisions.md, 112) a share is charged on its due date by the collection job,
 *   so instead of the payment reminders it has one notice 3 days before ('we will charge your card ending
 *   4242 on …'); a decline e-mails the owner from the collection (collection-failed.handler.ts). Once its
 *   collection ended with the share still owed (no card, a hard decline, the last attempt declined, taking
 *   nothing or paying only part) or the card is removed, the share is paid by link and has the payment
 *   reminders again, from the rung current then.
 *
 * Once the owner left the programme (docs/decisions.md, 99): no nudge and no report reminder; the shares
 * still owed keep their payment reminders.
 */
import { DAY, HOUR } from '@platform/service-kit/clock';
import {
  REPORT_GRACE_DAYS,
  type RevenueReminderKind,
  type RevenueReminderRequested,
} from '@platform/contracts';
import type { CardOnFile } from '../collection/cards-on-file.js';
import type { PaymentPlanRow, RevenueReportRow } from '../db/schema.js';
import { addDays, type CalendarMonth } from '../lib/calendar.js';
import { isMonthReported, isUnpaid, monthsToReport } from '../standing/customer-standing.js';

export interface Rung {
  kind: RevenueReminderKind;
  /** The month `YYYY-MM`, the report id, or '' (consultation nudges). */
  periodKey: string;
  /** Days from the month's end or the share's due date; null for the consultation nudges. */
  step: number | null;
  at: Date;
  /** When the next rung takes over: a rung not sent by then is not sent at all. */
  until: Date;
  months: RevenueReminderRequested['months'];
  shares: RevenueReminderRequested['shares'];
  /** The card a `payment-card-notice` announces the charge to. */
  card?: CardOnFile;
}

/** What shapes the owner's ladder besides the plan and the reports. */
export interface LadderContext {
  /** The reports with an open dispute: no payment reminder for them. */
  paused?: ReadonlySet<string>;
  /** The card on file the collection job charges on the due date; null or absent: pay by link. */
  card?: CardOnFile | null;
  /** The reports whose automatic collection ended with the share still owed: pay by link. */
  collectionEnded?: ReadonlySet<string>;
}

/** The notice of the charge to the card on file: this many days before the due date. */
export const CARD_NOTICE_DAYS = 3;

const NUDGES: ReadonlyArray<{ kind: RevenueReminderKind; fromMs: number; untilMs: number }> = [
  { kind: 'consultation-24h', fromMs: 24 * HOUR, untilMs: 72 * HOUR },
  { kind: 'consultation-72h', fromMs: 72 * HOUR, untilMs: 7 * DAY },
  { kind: 'consultation-7d', fromMs: 7 * DAY, untilMs: 14 * DAY },
];
const CONSULTATION_SUBMITTED = new Set(['submitted', 'approved']);

/** The rungs' days from their anchor, and how long the last one stays current. */
export const LADDER_STEPS = [-3, 0, 3, 7, 14] as const;
const LAST_RUNG_DAYS = 7;

/** A report is late only once the grace days are over: the rungs before that still say it is due. */
const REPORT_KINDS = (step: number): RevenueReminderKind =>
  step < 0 ? 'report-upcoming' : step <= REPORT_GRACE_DAYS ? 'report-due' : 'report-overdue';
const PAYMENT_KINDS = (step: number): RevenueReminderKind =>
  step < 0 ? 'payment-upcoming' : step === 0 ? 'payment-due' : 'payment-overdue';

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

/** The five rungs from `anchor`, each current until the next one is due. */
function ladderFrom(anchor: Date): Array<{ step: number; at: Date; until: Date }> {
  return LADDER_STEPS.map((step, index) => {
    const next = LADDER_STEPS[index + 1];
    return {
      step,
      at: addDays(anchor, step),
      until: addDays(anchor, next ?? step + LAST_RUNG_DAYS),
    };
  });
}

/** Every rung of the owner's ladder, sent or not, in the order they come due. */
export function reminderLadder(
  plan: PaymentPlanRow,
  reports: RevenueReportRow[],
  now: Date,
  { paused = new Set(), card = null, collectionEnded = new Set() }: LadderContext = {},
): Rung[] {
  const rungs: Rung[] = [];

  if (!plan.leftAt && !CONSULTATION_SUBMITTED.has(plan.consultationStatus)) {
    for (const { kind, fromMs, untilMs } of NUDGES) {
      rungs.push({
        kind,
        periodKey: '',
        step: null,
        at: new Date(plan.consentedAt.getTime() + fromMs),
        until: new Date(plan.consentedAt.getTime() + untilMs),
        months: [],
        shares: [],
      });
    }
  }

  const months = monthsToReport(plan.implementationPeriodEndsAt, now, plan.leftAt);
  const unreported = months.filter((month) => !isMonthReported(month, reports));
  for (const month of unreported) {
    for (const { step, at, until } of ladderFrom(month.end)) {
      const late = step > REPORT_GRACE_DAYS;
      rungs.push({
        kind: REPORT_KINDS(step),
        periodKey: month.key,
        step,
        at,
        until,
        // A late rung names every month late by then; one e-mail, not one per month.
        months: late
          ? unreported.filter((other) => other.end.getTime() <= month.end.getTime()).map(monthEntry)
          : [monthEntry(month)],
        shares: [],
      });
    }
  }

  for (const report of reports) {
    if (!report.verified || !isUnpaid(report) || paused.has(report.id)) continue;
    if (card && !collectionEnded.has(report.id)) {
      rungs.push({
        kind: 'payment-card-notice',
        periodKey: report.id,
        step: -CARD_NOTICE_DAYS,
        at: addDays(report.dueDate, -CARD_NOTICE_DAYS),
        // Current until the charge itself, on the due date.
        until: report.dueDate,
        months: [],
        shares: [shareEntry(report)],
        card,
      });
      continue;
    }
    for (const { step, at, until } of ladderFrom(report.dueDate)) {
      rungs.push({
        kind: PAYMENT_KINDS(step),
        periodKey: report.id,
        step,
        at,
        until,
        months: [],
        shares: [shareEntry(report)],
      });
    }
  }
  return rungs.sort((a, b) => a.at.getTime() - b.at.getTime());
}

/** The rungs current now: what the job asks for. */
export function dueReminders(
  plan: PaymentPlanRow,
  reports: RevenueReportRow[],
  now: Date,
  context: LadderContext = {},
): Rung[] {
  return reminderLadder(plan, reports, now, context).filter(
    (rung) => rung.at.getTime() <= now.getTime() && now.getTime() < rung.until.getTime(),
  );
}
