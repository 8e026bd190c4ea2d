/**
 * An owner's standing as pure functions of their plan, their reports and the service clock
 * (docs/behaviour/revenue-share.md#reminders-and-customer-status; docs/decisions.md, 20 and 27):
 *
 * - the months to report are the calendar months that start once the 30-day implementation period is
 *   over (the risk-free days are never reported nor charged; docs/decisions.md, 66); a month counts as
 *   reported when a report's period shares a day with it;
 * - a month's report is missing once the month ended more than 10 days ago without one;
 * - `overdue`: a verified share unpaid past its due date, or a missing report;
 * - `blocked`: a verified share unpaid 30 days past its due date, or two missing reports;
 * - otherwise `current`.
 */
import {
  BLOCKED_AFTER_DAYS_PAST_DUE,
  BLOCKED_AFTER_MISSING_REPORTS,
  REPORT_GRACE_DAYS,
  type CustomerStatus,
  type ReportPeriodFlag,
  type ReportStatus,
} from '@platform/contracts';
import {
  addDays,
  dayOf,
  daysOverlap,
  firstMonthStartingFrom,
  nextMonth,
  type CalendarMonth,
} from '../lib/calendar.js';

export interface StandingReport {
  id: string;
  reportingPeriodStart: string;
  reportingPeriodEnd: string;
  verified: boolean;
  sharePaid: boolean;
  shareOwed: number;
  amountPaid: number;
  dueDate: Date;
  /** An estimate stands in for a missing report's share, never for the report (docs/decisions.md, 104). */
  estimated?: boolean;
}

export interface StandingInput {
  implementationEndsAt: Date;
  /** When the owner left the programme: no month is asked for any more (docs/decisions.md, 99). */
  leftAt?: Date | null;
  reports: StandingReport[];
  now: Date;
}

export interface Standing {
  status: CustomerStatus;
  /** Months whose report is late, oldest first. */
  missingMonths: CalendarMonth[];
  /** Verified shares unpaid past their due date. */
  overdueShares: StandingReport[];
  /** The earliest month not reported yet (it may not have ended). */
  nextReport: CalendarMonth;
}

/** More months than any plan will live; only guards the loops against a corrupt date. */
const MONTH_LIMIT = 1200;

/** When a month's missing report makes the owner overdue. */
export function reportLateAfter(month: CalendarMonth): Date {
  return addDays(month.end, REPORT_GRACE_DAYS);
}

export function isMonthReported(month: CalendarMonth, reports: StandingReport[]): boolean {
  return reports.some(
    (report) =>
      !report.estimated &&
      daysOverlap(month, { firstDay: report.reportingPeriodStart, lastDay: report.reportingPeriodEnd }),
  );
}

/** The first month an owner reports. */
export function firstReportMonth(implementationEndsAt: Date): CalendarMonth {
  return firstMonthStartingFrom(implementationEndsAt);
}

/**
 * Whether a stored report breaks the rule on which months are reported (docs/decisions.md, 66): it covers
 * a day before the first month to report, or it was submitted before its last day was over. Submission
 * refuses both today; reports stored earlier, or before the admin recorded an earlier or later agreement
 * date, are flagged for the admin.
 */
export function reportPeriodFlag(
  report: Pick<StandingReport, 'reportingPeriodStart' | 'reportingPeriodEnd'> & { createdAt: Date },
  implementationEndsAt: Date,
): ReportPeriodFlag | null {
  if (report.reportingPeriodStart < firstReportMonth(implementationEndsAt).firstDay) {
    return 'before-first-month';
  }
  if (report.reportingPeriodEnd >= dayOf(report.createdAt)) return 'not-ended-when-reported';
  return null;
}

/** The months to report that have ended by `now` without a report, oldest first: what a reminder names. */
export function monthsDueUnreported(
  implementationEndsAt: Date,
  reports: StandingReport[],
  now: Date,
  leftAt?: Date | null,
): CalendarMonth[] {
  return monthsToReport(implementationEndsAt, now, leftAt).filter(
    (month) => month.end.getTime() <= now.getTime() && !isMonthReported(month, reports),
  );
}

/**
 * The months to report that have begun by `now`, oldest first; none once the owner left (nothing more is
 * asked: docs/decisions.md, 99).
 */
export function monthsToReport(implementationEndsAt: Date, now: Date, leftAt?: Date | null): CalendarMonth[] {
  const months: CalendarMonth[] = [];
  if (leftAt) return months;
  let month = firstReportMonth(implementationEndsAt);
  while (month.start.getTime() <= now.getTime() && months.length < MONTH_LIMIT) {
    months.push(month);
    month = nextMonth(month);
  }
  return months;
}

export function isUnpaid(report: StandingReport): boolean {
  return !report.sharePaid && report.amountPaid < report.shareOwed;
}

export function isPastDue(report: StandingReport, now: Date): boolean {
  return report.verified && isUnpaid(report) && now.getTime() > report.dueDate.getTime();
}

export function reportStatusOf(report: StandingReport, now: Date): ReportStatus {
  if (report.sharePaid) return 'paid';
  if (isPastDue(report, now)) return 'overdue';
  return report.verified ? 'verified' : 'submitted';
}

export function computeStanding({ implementationEndsAt, leftAt, reports, now }: StandingInput): Standing {
  const missingMonths = monthsToReport(implementationEndsAt, now, leftAt).filter(
    (month) => now.getTime() > reportLateAfter(month).getTime() && !isMonthReported(month, reports),
  );
  const overdueShares = reports.filter((report) => isPastDue(report, now));
  const blockingShare = overdueShares.some(
    (report) => now.getTime() > addDays(report.dueDate, BLOCKED_AFTER_DAYS_PAST_DUE).getTime(),
  );
  const status: CustomerStatus =
    blockingShare || missingMonths.length >= BLOCKED_AFTER_MISSING_REPORTS
      ? 'blocked'
      : overdueShares.length > 0 || missingMonths.length > 0
        ? 'overdue'
        : 'current';

  let nextReport = firstReportMonth(implementationEndsAt);
  for (let step = 0; step < MONTH_LIMIT && isMonthReported(nextReport, reports); step += 1) {
    nextReport = nextMonth(nextReport);
  }
  return { status, missingMonths, overdueShares, nextReport };
}
