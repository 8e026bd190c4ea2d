/** How the monthly statement reads on the page (docs/behaviour/revenue-share.md#monthly-statements). */
import { monthName, STATEMENT_MESSAGES, type RevenueStatement } from '@platform/contracts';
import { formatMoney } from '@platform/contracts/format';

/** The summary lines: the opening balance, what the month added and took, the closing balance. */
export function statementSummary(statement: RevenueStatement): Array<{ label: string; value: string }> {
  return [
    { label: STATEMENT_MESSAGES.opening, value: formatMoney(statement.openingBalance) },
    { label: STATEMENT_MESSAGES.shares, value: formatMoney(statement.totals.shares) },
    { label: STATEMENT_MESSAGES.credits, value: formatMoney(-statement.totals.credits) },
    { label: STATEMENT_MESSAGES.payments, value: formatMoney(-statement.totals.payments) },
    {
      label: statement.inProgress ? STATEMENT_MESSAGES.closingSoFar : STATEMENT_MESSAGES.closing,
      value: formatMoney(statement.closingBalance),
    },
  ];
}

/** 'February 2031 report: net $11,000.00, share $1,000.00'. */
export function statementReportLine(report: RevenueStatement['reports'][number]): string {
  return `${monthName(report.periodStart)} report: net ${formatMoney(report.netRevenue)}, share ${formatMoney(report.shareOwed)}`;
}
