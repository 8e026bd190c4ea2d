/**
 * How the owner's reports are shown (docs/behaviour/revenue-share.md#monthly-revenue-report): the history's
 * rows, each status's label and tone, when 'Pay now' is offered (docs/decisions.md, 28), and the chart's
 * months. Calendar days are the server's UTC days, so they are formatted in UTC and never shift a day.
 */
import type { ReportDispute, ReportDocument, ReportStatus, RevenueReport } from '@platform/contracts';
import { formatDate, formatMoney } from '@platform/contracts/format';

export const REPORT_STATUS_LABELS: Record<ReportStatus, string> = {
  submitted: 'Submitted',
  verified: 'Verified',
  paid: 'Paid',
  overdue: 'Overdue',
};

export type StatusTone = 'secondary' | 'default' | 'success' | 'destructive';

export const REPORT_STATUS_TONES: Record<ReportStatus, StatusTone> = {
  submitted: 'secondary',
  verified: 'default',
  paid: 'success',
  overdue: 'destructive',
};

/** A calendar day ('2026-03-01') as 'Mar 1, 2026', whatever the reader's time zone. */
export function formatCalendarDay(day: string): string {
  return formatDate(`${day}T00:00:00Z`, { timeZone: 'UTC' });
}

/** 'Mar 1, 2026 – Mar 31, 2026'; one day: 'Mar 1, 2026'. */
export function formatPeriod(start: string, end: string): string {
  return start === end ? formatCalendarDay(start) : `${formatCalendarDay(start)} – ${formatCalendarDay(end)}`;
}

/** The month a report is filed under: its first day's ('Mar 2026'). */
export function formatReportMonth(day: string): string {
  return new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );
}

/** 'Pay now': a verified share with something still due (the payment service prices it itself). */
export function canPayOnline(report: Pick<RevenueReport, 'verified' | 'sharePaid' | 'amountDue'>): boolean {
  return report.verified && !report.sharePaid && report.amountDue > 0;
}

/** Some report still offers 'Pay now': after a payment the page reads the list again until it is recorded. */
export function hasPayableReport(data: { reports: readonly RevenueReport[] } | null | undefined): boolean {
  return data?.reports.some(canPayOnline) ?? false;
}

export type ReportRow = {
  id: string;
  period: string;
  netRevenue: string;
  baselineNetRevenue: string;
  revenueIncrease: string;
  shareOwed: string;
  amountPaid: string;
  status: ReportStatus;
  statusLabel: string;
  statusTone: StatusTone;
  dueDate: string;
  dueDateIso: string;
  payable: boolean;
  amountDue: string;
  documents: ReportDocument[];
  /** The share's dispute, if any. */
  dispute: ReportDispute | null;
  /** Until when 'Dispute this share' is offered (ISO); null when it is not (not verified, past, disputed). */
  disputableUntil: string | null;
  /** An estimate for a month not reported (docs/behaviour/revenue-share.md#estimates): open or closed. */
  estimate: 'open' | 'closed' | null;
};

/** Whether the owner may still dispute the report's share at `now`. */
export function canDispute(
  report: Pick<RevenueReport, 'verified' | 'dispute' | 'disputableUntil'>,
  now: Date,
): boolean {
  return (
    report.verified &&
    !report.dispute &&
    report.disputableUntil != null &&
    now.getTime() <= Date.parse(report.disputableUntil)
  );
}

export function toReportRow(report: RevenueReport, now: Date = new Date()): ReportRow {
  return {
    id: report.id,
    period: formatPeriod(report.reportingPeriodStart, report.reportingPeriodEnd),
    netRevenue: formatMoney(report.netRevenue),
    baselineNetRevenue: formatMoney(report.baselineNetRevenue),
    revenueIncrease: formatMoney(report.revenueIncrease),
    shareOwed: formatMoney(report.shareOwed),
    amountPaid: formatMoney(report.amountPaid),
    status: report.status,
    statusLabel: REPORT_STATUS_LABELS[report.status],
    statusTone: REPORT_STATUS_TONES[report.status],
    dueDate: formatDate(report.dueDate),
    dueDateIso: report.dueDate,
    payable: canPayOnline(report),
    amountDue: formatMoney(report.amountDue),
    documents: report.documents,
    dispute: report.dispute ?? null,
    disputableUntil: canDispute(report, now) ? (report.disputableUntil ?? null) : null,
    estimate: !report.estimated ? null : report.estimateClosedAt ? 'closed' : 'open',
  };
}

/** One point of the chart: a report's month and its figures in dollars. */
export type ChartPoint = {
  month: string;
  netRevenue: number;
  baselineNetRevenue: number;
  shareOwed: number;
};

/** The chart's points, oldest month first (the list comes newest first). */
export function toChartPoints(
  reports: readonly Pick<
    RevenueReport,
    'reportingPeriodStart' | 'netRevenue' | 'baselineNetRevenue' | 'shareOwed' | 'estimated'
  >[],
): ChartPoint[] {
  // An estimate is not the owner's revenue: the chart draws reported months only.
  return reports
    .filter((report) => !report.estimated)
    .sort((a, b) => a.reportingPeriodStart.localeCompare(b.reportingPeriodStart))
    .map((report) => ({
      month: formatReportMonth(report.reportingPeriodStart),
      netRevenue: report.netRevenue / 100,
      baselineNetRevenue: report.baselineNetRevenue / 100,
      shareOwed: report.shareOwed / 100,
    }));
}

/**
 * The baseline the chart draws as one level line: the baseline of every month when they are all the same
 * (it is fixed at consent), null when they differ (then it is drawn month by month) or there are none.
 */
export function sharedBaseline(points: readonly ChartPoint[]): number | null {
  const first = points[0]?.baselineNetRevenue;
  if (first === undefined) return null;
  return points.every((point) => point.baselineNetRevenue === first) ? first : null;
}

/** The chart's text alternative: what it shows and over which months. */
export function describeChart(points: readonly ChartPoint[]): string {
  if (points.length === 0) return 'No reports yet.';
  const span =
    points.length === 1 ? points[0]!.month : `${points[0]!.month} to ${points[points.length - 1]!.month}`;
  const months = points.length === 1 ? '1 month' : `${points.length} months`;
  return `Net revenue against your baseline, with the 10% share, for ${months} (${span}).`;
}

/** '$12k' on the chart's axis. */
export function formatAxisDollars(dollars: number): string {
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    notation: 'compact',
    maximumFractionDigits: 1,
  }).format(dollars);
}
