/**
 * Which months the owner reports (docs/behaviour/revenue-share.md#monthly-revenue-report;
 * docs/decisions.md, 66), in the page's words: the first month to report, the first whole month after the
 * 30-day implementation period, and, while it is still to come or running, the day it can be reported.
 */
import { monthName } from '@platform/contracts';
import type { RevenuePlan } from '@platform/contracts';
import { formatDate } from '@platform/contracts/format';

export type ReportableMonthsView = {
  /** 'January 2027'. */
  firstMonth: string;
  text: string;
  /** 'You can report January 2027 from February 1, 2027, once it has ended.'; null once it has ended. */
  waitText: string | null;
};

export function describeReportableMonths(
  plan: Pick<RevenuePlan, 'firstReportableMonth'>,
  now: Date,
): ReportableMonthsView {
  const firstMonth = monthName(plan.firstReportableMonth);
  const [year, month] = plan.firstReportableMonth.split('-').map(Number) as [number, number];
  // The first instant (UTC) after the month: from then on its report is taken.
  const ended = new Date(Date.UTC(year, month, 1));
  return {
    firstMonth,
    text: `Your months to report start with ${firstMonth}, the first whole month after your 30-day implementation period. Nothing is owed for the days before it.`,
    waitText:
      now.getTime() < ended.getTime()
        ? `You can report ${firstMonth} from ${formatDate(ended, { style: 'long', locale: 'en-US', timeZone: 'UTC' })}, once it has ended.`
        : null,
  };
}
