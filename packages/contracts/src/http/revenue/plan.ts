/**
 * An owner's revenue-share plan as the owner's pages read it (docs/behaviour/revenue-share.md), and the
 * statuses of owners and reports (docs/decisions.md, 20 and 27).
 */
import { z } from 'zod';
import { isoDateTime } from '../fields.js';
import { CalendarDaySchema, reportPeriod } from './period.js';

export { CalendarDaySchema } from './period.js';

/**
 * `current`; `overdue`: a verified share unpaid past its due date, or a month's report missing more than 10
 * days after the month ended; `blocked`: a verified share unpaid 30 days past its due date, or two monthly
 * reports missing (the course service holds new sections back, docs/decisions.md, 27).
 */
export const CUSTOMER_STATUSES = ['current', 'overdue', 'blocked'] as const;
export const CustomerStatusSchema = z.enum(CUSTOMER_STATUSES);
export type CustomerStatus = z.infer<typeof CustomerStatusSchema>;

/** `submitted` (not verified yet), `verified` (ready for collection), `paid`, `overdue` (verified, unpaid, past due). */
export const REPORT_STATUSES = ['submitted', 'verified', 'paid', 'overdue'] as const;
export const ReportStatusSchema = z.enum(REPORT_STATUSES);
export type ReportStatus = z.infer<typeof ReportStatusSchema>;

/** A calendar month an owner is to report: its first and last day and when its report becomes late. */
export const ReportMonthSchema = z.object({
  ...reportPeriod,
  /** After this instant the missing report makes the owner `overdue`. */
  lateAfter: isoDateTime,
});
export type ReportMonth = z.infer<typeof ReportMonthSchema>;

export const RevenuePlanSchema = z.object({
  id: z.uuid(),
  planType: z.literal('revenue_share'),
  revenueSharePercentage: z.number().int(),
  /** Cents; 0 when the owner stated none. */
  baselineNetRevenue: z.number().int().nonnegative(),
  termsVersion: z.string(),
  consentedAt: isoDateTime,
  /**
   * The start of the agreement (consent, or the date the admin recorded for an owner who joined before the
   * platform existed) + 30 days: monthly reports are due for the months that start at or after it.
   */
  implementationEndsAt: isoDateTime,
  /** The first day of the first month to report (`firstReportableMonth`); nothing before it is owed. */
  firstReportableMonth: CalendarDaySchema,
  status: CustomerStatusSchema,
  /** Cents still to pay on every report not fully paid (verified or not). */
  amountOwed: z.number().int().nonnegative(),
  /**
   * The earliest month not reported yet, from the first month after the implementation period (it may not
   * have ended yet); null only for a plan that no longer expects reports.
   */
  nextReport: ReportMonthSchema.nullable(),
  /** When the owner left the programme (docs/decisions.md, 99); null while on it. */
  leftAt: isoDateTime.nullable(),
});
export type RevenuePlan = z.infer<typeof RevenuePlanSchema>;

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** 'January 2027' for a month's key or any of its days (`YYYY-MM` or `YYYY-MM-DD`); the same words everywhere. */
export function monthName(day: string): string {
  const [year, month] = day.split('-');
  return `${MONTH_NAMES[Number(month) - 1] ?? month} ${year}`;
}
