/**
 * An owner's monthly statement (docs/behaviour/revenue-share.md#monthly-statements), worked out from the
 * ledger as it stands: each report's share when it was submitted, each accepted dispute's correction when
 * it was resolved, each estimate's closing when the real report replaced it, each payment when it was
 * received (credit applied is not a payment: the money was counted where it was paid). The balance at any
 * instant is the sum of the entries before it, so the running month's closing balance is what the owner
 * owes now, less their credit (docs/decisions.md, 106 and 118).
 */
import {
  computeShare,
  monthName,
  STATEMENT_MESSAGES,
  type RevenueStatement,
  type StatementEntry,
  type StatementReport,
} from '@platform/contracts';
import type { Executor } from '@platform/service-kit/db';
import { AppError } from '@platform/service-kit/errors';
import { asc, eq } from 'drizzle-orm';
import { sharePayments, type PaymentPlanRow } from '../db/schema.js';
import { disputesOfReports } from '../disputes/disputes.repository.js';
import { monthAt, monthOf, nextMonth, type CalendarMonth } from '../lib/calendar.js';
import { findPlanOfUser } from '../plans/plans.repository.js';
import { listReportsOfUser } from '../reports/reports.repository.js';

/** Every month with a statement, newest first: from the consent's month to the one running at `now`. */
export function statementMonths(plan: Pick<PaymentPlanRow, 'consentedAt'>, now: Date): string[] {
  const last = monthOf(now).key;
  const months: string[] = [];
  for (let month = monthOf(plan.consentedAt); month.key <= last; month = nextMonth(month)) {
    months.unshift(month.key);
  }
  return months;
}

function calendarMonth(key: string): CalendarMonth {
  const [year, month] = key.split('-').map(Number);
  return monthAt(year!, month! - 1);
}

const within = (at: Date, month: CalendarMonth) => at >= month.start && at < month.end;

/**
 * The statement of `month` (`YYYY-MM`) for the owner `userId`; 404 when the owner has no plan
 * (`noPlanMessage`) or the month has none (before the consent's month, or not begun yet).
 */
export async function buildStatement(
  db: Executor,
  userId: string,
  month: string | null,
  now: Date,
  noPlanMessage: string,
): Promise<RevenueStatement> {
  const plan = await findPlanOfUser(db, userId);
  if (!plan) throw new AppError('not_found', noPlanMessage);
  const months = statementMonths(plan, now);
  const key = month ?? months[0]!;
  if (!months.includes(key)) throw new AppError('not_found', STATEMENT_MESSAGES.noStatement);
  const period = calendarMonth(key);

  const [reports, payments] = await Promise.all([
    listReportsOfUser(db, userId),
    db
      .select()
      .from(sharePayments)
      .where(eq(sharePayments.userId, userId))
      .orderBy(asc(sharePayments.paidAt)),
  ]);
  const disputes = await disputesOfReports(
    db,
    reports.map((report) => report.id),
  );
  const reportMonth = new Map(reports.map((report) => [report.id, monthName(report.reportingPeriodStart)]));

  const ledger: Array<StatementEntry & { instant: Date }> = [];
  const record = (instant: Date, kind: StatementEntry['kind'], description: string, amount: number) =>
    ledger.push({ instant, at: instant.toISOString(), kind, description, amount });
  for (const report of reports) {
    const month = monthName(report.reportingPeriodStart);
    const dispute = disputes.get(report.id);
    const corrected = dispute?.status === 'accepted' && dispute.previousShareOwed !== null;
    // A closed estimate owes nothing now; until it closed it owed the share of its own figures.
    const owed = report.estimateClosedAt ? computeShare(report).shareOwed : report.shareOwed;
    const charged = corrected ? dispute.previousShareOwed! : owed;
    record(
      report.createdAt,
      'share',
      report.estimated ? `Estimated share for ${month}` : `Share of the ${month} report`,
      charged,
    );
    if (corrected && dispute.resolvedAt && owed !== charged) {
      record(
        dispute.resolvedAt,
        'correction',
        `Dispute accepted: the ${month} share corrected`,
        owed - charged,
      );
    }
    if (report.estimateClosedAt && owed !== 0) {
      record(
        report.estimateClosedAt,
        'correction',
        `Estimate for ${month} closed: replaced by the report`,
        -owed,
      );
    }
  }
  // Credit moves money already counted where it was paid: the closed estimate's payments.
  for (const payment of payments.filter(({ method }) => method !== 'credit')) {
    const how = payment.method === 'online' ? 'paid online' : 'recorded by support';
    record(
      payment.paidAt,
      'payment',
      `Payment of the ${reportMonth.get(payment.reportId) ?? ''} share, ${how}`,
      -payment.amount,
    );
  }
  // At one instant (an estimate closed by the report submitted then), the closing reads first.
  const rank: Record<StatementEntry['kind'], number> = { correction: 0, share: 1, payment: 2 };
  ledger.sort((a, b) => a.instant.getTime() - b.instant.getTime() || rank[a.kind] - rank[b.kind]);

  const before = ledger.filter(({ instant }) => instant < period.start);
  const during = ledger.filter(({ instant }) => within(instant, period));
  const sum = (entries: StatementEntry[]) => entries.reduce((total, entry) => total + entry.amount, 0);
  const openingBalance = sum(before);
  const ofKind = (kind: StatementEntry['kind']) => sum(during.filter((entry) => entry.kind === kind));

  const submitted: StatementReport[] = reports
    // The owner's own reports: an estimate is in the activity ('Estimated share for …').
    .filter((report) => !report.estimated && within(report.createdAt, period))
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
    .map((report) => ({
      id: report.id,
      periodStart: report.reportingPeriodStart,
      periodEnd: report.reportingPeriodEnd,
      netRevenue: report.netRevenue,
      baselineNetRevenue: report.baselineNetRevenue,
      revenueIncrease: report.revenueIncrease,
      shareOwed: report.shareOwed,
      submittedAt: report.createdAt.toISOString(),
    }));

  return {
    month: key,
    months,
    inProgress: now < period.end,
    owner: { name: `${plan.firstName} ${plan.lastName}`.trim(), email: plan.email },
    termsVersion: plan.termsVersion,
    revenueSharePercentage: plan.revenueSharePercentage,
    baselineNetRevenue: plan.baselineNetRevenue,
    openingBalance,
    closingBalance: openingBalance + sum(during),
    totals: { shares: ofKind('share'), credits: -ofKind('correction'), payments: -ofKind('payment') },
    reports: submitted,
    entries: during.map(({ instant: _instant, ...entry }) => entry),
    generatedAt: now.toISOString(),
  };
}
