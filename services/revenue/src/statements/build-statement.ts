/**
 * An owner's monthly statement (docs/behaviour/revenue-share.md#monthly-statements), worked out from the
 * ledger as it stands: each report's share when it was submitted, each accepted dispute's correction when
 * it was resolved, each payment when it was received. The balance at any instant is the sum of the
 * entries before it, so the running month's closing balance is what the owner owes now (docs/decisions.md,
 * 106).
 */
import {
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
  for (const report of reports) {
    const dispute = disputes.get(report.id);
    const corrected = dispute?.status === 'accepted' && dispute.previousShareOwed !== null;
    const charged = corrected ? dispute.previousShareOwed! : report.shareOwed;
    ledger.push({
      instant: report.createdAt,
      at: report.createdAt.toISOString(),
      kind: 'share',
      description: `Share of the ${monthName(report.reportingPeriodStart)} report`,
      amount: charged,
    });
    if (corrected && dispute.resolvedAt && report.shareOwed !== charged) {
      ledger.push({
        instant: dispute.resolvedAt,
        at: dispute.resolvedAt.toISOString(),
        kind: 'correction',
        description: `Dispute accepted: the ${monthName(report.reportingPeriodStart)} share corrected`,
        amount: report.shareOwed - charged,
      });
    }
  }
  for (const payment of payments) {
    ledger.push({
      instant: payment.paidAt,
      at: payment.paidAt.toISOString(),
      kind: 'payment',
      description: `Payment of the ${reportMonth.get(payment.reportId) ?? ''} share, ${
        payment.method === 'online' ? 'paid online' : 'recorded by support'
      }`,
      amount: -payment.amount,
    });
  }
  ledger.sort((a, b) => a.instant.getTime() - b.instant.getTime());

  const before = ledger.filter((entry) => entry.instant < period.start);
  const during = ledger.filter((entry) => within(entry.instant, period));
  const sum = (entries: StatementEntry[]) => entries.reduce((total, entry) => total + entry.amount, 0);
  const openingBalance = sum(before);
  const ofKind = (kind: StatementEntry['kind']) => sum(during.filter((entry) => entry.kind === kind));

  const submitted: StatementReport[] = reports
    .filter((report) => within(report.createdAt, period))
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
