/**
 * The ledger for the accountant: `GET /api/admin/revenue-reports.csv` and `/api/admin/revenue-customers.csv`
 * (RFC 4180 through csv-stringify, UTF-8 with a byte-order mark so spreadsheet programs read accents).
 * Amounts are US dollars with two decimals; a cell a spreadsheet would run as a formula (starting with
 * =, +, -, @, tab or carriage return) is written with a leading apostrophe.
 */
import {
  REPORT_PERIOD_FLAG_LABELS,
  type AdminRevenueReport,
  type RevenueAuditEntry,
  type RevenueCustomer,
} from '@platform/contracts';
import { stringify } from 'csv-stringify/sync';

/** Cents → '1234.56' (integer arithmetic, no floating-point rounding). */
export function dollars(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const value = Math.abs(cents);
  return `${sign}${Math.floor(value / 100)}.${String(value % 100).padStart(2, '0')}`;
}

const FORMULA_START = /^[=+\-@\t\r]/;

/** Text a person typed, made inert for spreadsheets. */
export function cellText(text: string | null): string {
  if (!text) return '';
  return FORMULA_START.test(text) ? `'${text}` : text;
}

function toCsv(header: string[], rows: string[][]): string {
  return stringify([header, ...rows], { bom: true, record_delimiter: 'windows' });
}

export function reportsCsv(reports: AdminRevenueReport[]): string {
  return toCsv(
    [
      'Report ID',
      'Customer',
      'Email',
      'Period start',
      'Period end',
      'Gross revenue (USD)',
      'Business expenses (USD)',
      'Net revenue (USD)',
      'Baseline (USD)',
      'Increase (USD)',
      'Share %',
      'Share owed (USD)',
      'Paid (USD)',
      'Still owed (USD)',
      'Status',
      'Verified',
      'Submitted at',
      'Due date',
      'Verified at',
      'Paid at',
      'Notes',
      'Period flag',
      'Dispute',
      'Estimate',
    ],
    reports.map((report) => [
      report.id,
      cellText(report.userName),
      cellText(report.userEmail),
      report.reportingPeriodStart,
      report.reportingPeriodEnd,
      dollars(report.grossRevenue),
      dollars(report.businessExpenses),
      dollars(report.netRevenue),
      dollars(report.baselineNetRevenue),
      dollars(report.revenueIncrease),
      String(report.sharePercentage),
      dollars(report.shareOwed),
      dollars(report.amountPaid),
      dollars(report.amountDue),
      report.status,
      report.verified ? 'yes' : 'no',
      report.createdAt,
      report.dueDate,
      report.verifiedAt ?? '',
      report.sharePaidAt ?? '',
      cellText(report.notes),
      report.periodFlag ? REPORT_PERIOD_FLAG_LABELS[report.periodFlag] : '',
      report.dispute?.status ?? '',
      !report.estimated ? '' : report.estimateClosedAt ? 'closed' : 'open',
    ]),
  );
}

export function customersCsv(customers: RevenueCustomer[]): string {
  return toCsv(
    [
      'Customer ID',
      'First name',
      'Last name',
      'Email',
      'Plan type',
      'Consented at',
      'Baseline (USD)',
      'Reports submitted',
      'Still owed (USD)',
      'Paid (USD)',
      'Status',
      'Last report at',
      'Late reports',
      'Agreed on',
      'First month to report',
      'Flagged reports',
    ],
    customers.map((customer) => [
      customer.id,
      cellText(customer.firstName),
      cellText(customer.lastName),
      cellText(customer.email),
      customer.planType,
      customer.createdAt,
      dollars(customer.baselineNetRevenue),
      String(customer.reportsSubmitted),
      dollars(customer.totalOwed),
      dollars(customer.totalPaid),
      customer.status,
      customer.lastReportDate ?? '',
      customer.missingReports.join(' '),
      customer.agreedAt,
      customer.firstReportableMonth.slice(0, 7),
      String(customer.flaggedReports),
    ]),
  );
}

/** The audit trail (docs/decisions.md, 105), oldest first; before and after as JSON (cents). */
export function auditCsv(entries: RevenueAuditEntry[]): string {
  return toCsv(
    [
      'Entry ID',
      'At',
      'Who',
      'Owner',
      'Record',
      'Record ID',
      'Report ID',
      'Change',
      'Before',
      'After',
      'Why',
    ],
    entries.map((entry) => [
      entry.id,
      entry.at,
      cellText(entry.actor),
      cellText(entry.userId),
      entry.entity,
      entry.entityId,
      entry.reportId ?? '',
      entry.action,
      entry.before ? JSON.stringify(entry.before) : '',
      entry.after ? JSON.stringify(entry.after) : '',
      cellText(entry.reason),
    ]),
  );
}
