/**
 * The dashboard's revenue-share card (docs/behaviour/revenue-share.md#dashboard-revenue-share-card): who sees
 * it (an account whose planStatus is one of the plan's, `rs_…`), the month to report next and when its
 * report becomes late, and the owner's standing in words (docs/decisions.md, 27).
 */
import type { CustomerStatus, ReportMonth } from '@platform/contracts';
import { formatDate, formatDateTime } from '@platform/contracts/format';

type PlanUser = { planStatus?: string | null } | null | undefined;

/** rs_pending, rs_active: the owner is on the revenue-share plan. */
export function showsRevenueShareCard(user: PlanUser): boolean {
  return user?.planStatus?.startsWith('rs_') === true;
}

export type NextReportView = {
  /** 'May 2026'. */
  month: string;
  /** 'May 1, 2026 – May 31, 2026'. */
  period: string;
  lateAfterIso: string;
  /** The instant in the reader's time: 'Jun 10, 2026, 8:00 PM'. */
  lateAfterText: string;
};

const day = (value: string) => formatDate(`${value}T00:00:00Z`, { timeZone: 'UTC' });

export function describeNextReport(
  next: ReportMonth | null,
  options: { timeZone?: string } = {},
): NextReportView | null {
  if (!next) return null;
  const month = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${next.periodStart}T00:00:00Z`),
  );
  return {
    month,
    period: `${day(next.periodStart)} – ${day(next.periodEnd)}`,
    lateAfterIso: next.lateAfter,
    lateAfterText: formatDateTime(next.lateAfter, { timeZone: options.timeZone }),
  };
}

export const STANDING: Record<
  CustomerStatus,
  { label: string; text: string; tone: 'success' | 'warning' | 'destructive' }
> = {
  current: { label: 'Current', text: 'You are up to date with your reports and payments.', tone: 'success' },
  overdue: {
    label: 'Overdue',
    text: 'A report or a payment is late. Report your revenue or pay your share to be current again.',
    tone: 'warning',
  },
  blocked: {
    label: 'Blocked',
    text: 'New course sections open again once you are current: report the missing months and pay your verified shares. Everything already open stays open.',
    tone: 'destructive',
  },
};
