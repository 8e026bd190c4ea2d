/**
 * The rules of /revenue-admin (docs/behaviour/revenue-share.md#admin-revenue-dashboard) as pure functions
 * of the service's lists: which reports and customers each tab shows, how long a share has been
 * outstanding and how its badge looks, and the monthly chart of shares owed against shares collected.
 */
import type { AdminRevenueReport, CustomerStatus, RevenueCustomer } from '@platform/contracts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** 'Pending Reports': submitted, not verified yet. */
export function pendingReports(reports: readonly AdminRevenueReport[]): AdminRevenueReport[] {
  return reports.filter((report) => !report.verified);
}

/** 'Unpaid Revenue': verified, not fully paid yet (oldest submission first: the longest outstanding on top). */
export function unpaidReports(reports: readonly AdminRevenueReport[]): AdminRevenueReport[] {
  return reports
    .filter((report) => report.verified && !report.sharePaid)
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

/**
 * 'Flagged Reports': reports that break the rule on which months are reported (docs/decisions.md, 66),
 * whatever their status, the paid ones included; by owner, then period.
 */
export function flaggedReports(reports: readonly AdminRevenueReport[]): AdminRevenueReport[] {
  return reports
    .filter((report) => report.periodFlag !== null)
    .sort(
      (a, b) =>
        a.userName.localeCompare(b.userName) || a.reportingPeriodStart.localeCompare(b.reportingPeriodStart),
    );
}

/** 'Overdue': customers whose status is overdue, and the blocked ones (further behind) first. */
export function overdueCustomers(customers: readonly RevenueCustomer[]): RevenueCustomer[] {
  const rank: Record<CustomerStatus, number> = { blocked: 0, overdue: 1, current: 2 };
  return customers
    .filter((customer) => customer.status !== 'current')
    .sort((a, b) => rank[a.status] - rank[b.status]);
}

/** Whole days since the report was submitted (the share is due 30 days after); never below 0. */
export function daysOutstanding(report: Pick<AdminRevenueReport, 'createdAt'>, now: Date): number {
  return Math.max(0, Math.floor((now.getTime() - Date.parse(report.createdAt)) / DAY_MS));
}

export type OutstandingBadge = 'destructive' | 'default' | 'secondary';

/** Over 30 days destructive, over 15 default, otherwise secondary. */
export function outstandingBadgeVariant(days: number): OutstandingBadge {
  if (days > 30) return 'destructive';
  if (days > 15) return 'default';
  return 'secondary';
}

/** '1 day outstanding', '12 days outstanding'. */
export function daysOutstandingLabel(days: number): string {
  return `${days} ${days === 1 ? 'day' : 'days'} outstanding`;
}

/** Monthly recurring revenue as the stat card shows it: whole dollars ('$1,235'). */
export function formatWholeDollars(cents: number): string {
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    maximumFractionDigits: 0,
  }).format(Math.round(cents / 100));
}

export type ChartMonth = {
  /** `YYYY-MM` (UTC). */
  month: string;
  /** 'Mar 2030'. */
  label: string;
  /** Shares of the reports for this month, in cents. */
  owed: number;
  /** What has been paid of those shares so far, in cents. */
  collected: number;
};

const MONTH_LABEL = new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });

/**
 * The 12 calendar months (UTC) up to and including `now`'s, oldest first: for each, the shares of the
 * reports whose period starts in it and what has been collected on them. Earlier and later reports are
 * left out; a month without reports is 0 / 0.
 */
export function chartByMonth(reports: readonly AdminRevenueReport[], now: Date): ChartMonth[] {
  const months: ChartMonth[] = [];
  for (let back = 11; back >= 0; back -= 1) {
    const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
    months.push({
      month: first.toISOString().slice(0, 7),
      label: MONTH_LABEL.format(first),
      owed: 0,
      collected: 0,
    });
  }
  const byKey = new Map(months.map((month) => [month.month, month]));
  for (const report of reports) {
    const month = byKey.get(report.reportingPeriodStart.slice(0, 7));
    if (!month) continue;
    month.owed += report.shareOwed;
    month.collected += report.amountPaid;
  }
  return months;
}
