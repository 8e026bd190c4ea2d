/**
 * The 'Pending Reports' and 'Unpaid Revenue' lists: per report the owner, the period, net, baseline,
 * increase, share, paid, due date and status (and, unpaid, a days-outstanding badge), the owner's supporting
 * documents as download links, with its actions; a report outside the owner's months to report carries
 * its flag (docs/decisions.md, 66), a disputed one its dispute's state, an estimate 'Estimated'. A table on a wide screen; a card per report on a phone.
 */
import type { ReactNode } from 'react';
import { ESTIMATE_LABELS, REPORT_PERIOD_FLAG_LABELS } from '@platform/contracts';
import type { AdminRevenueReport } from '@platform/contracts';
import { formatDate, formatMoney } from '@platform/contracts/format';
import { Badge, Card } from '@platform/ui';
import { useWideLayout } from '../hooks/use-wide-layout';
import { daysOutstanding, daysOutstandingLabel, outstandingBadgeVariant } from '../lib/ledger';
import { formatPeriod } from '../lib/report-period';
import { DISPUTE_BADGE, REPORT_STATUS } from '../lib/revenue-admin-copy';
import { EmptyState } from './empty-state';
import { ReportActions } from './report-actions';

type ReportListProps = {
  reports: readonly AdminRevenueReport[];
  /** The list's name for assistive technology ('Pending reports'). */
  label: string;
  empty: string;
  /** Unpaid Revenue: each report with its days-outstanding badge. */
  showOutstanding?: boolean;
  now: Date;
};

function StatusBadge({ report }: { report: AdminRevenueReport }) {
  const status = REPORT_STATUS[report.status];
  return <Badge variant={status.variant}>{status.label}</Badge>;
}

function PeriodFlagBadge({ report }: { report: AdminRevenueReport }) {
  if (!report.periodFlag) return null;
  return (
    <Badge variant="destructive" data-testid="period-flag" className="whitespace-normal">
      {REPORT_PERIOD_FLAG_LABELS[report.periodFlag]}
    </Badge>
  );
}

/** 'Disputed' while the owner's dispute is open; its outcome once resolved. */
function DisputeBadge({ report }: { report: AdminRevenueReport }) {
  if (!report.dispute) return null;
  const badge = DISPUTE_BADGE[report.dispute.status];
  return (
    <Badge variant={badge.variant} data-testid="dispute-badge" className="whitespace-normal">
      {badge.label}
    </Badge>
  );
}

/** 'Estimated' on an estimate for a missing report; 'Estimate closed' once the real report replaced it. */
function EstimateBadge({ report }: { report: AdminRevenueReport }) {
  if (!report.estimated) return null;
  return (
    <Badge variant={report.estimateClosedAt ? 'secondary' : 'warning'} data-testid="estimate-badge">
      {report.estimateClosedAt ? ESTIMATE_LABELS.closed : ESTIMATE_LABELS.estimated}
    </Badge>
  );
}

function OutstandingBadge({ report, now }: { report: AdminRevenueReport; now: Date }) {
  const days = daysOutstanding(report, now);
  return (
    <Badge variant={outstandingBadgeVariant(days)} data-testid="days-outstanding">
      {daysOutstandingLabel(days)}
    </Badge>
  );
}

/** A report's badges, in the same order in the table and on the cards: status, outstanding, flag, dispute, estimate. */
function ReportBadges({
  report,
  showOutstanding,
  now,
}: {
  report: AdminRevenueReport;
  showOutstanding: boolean | undefined;
  now: Date;
}) {
  return (
    <>
      <StatusBadge report={report} />
      {showOutstanding ? <OutstandingBadge report={report} now={now} /> : null}
      <PeriodFlagBadge report={report} />
      <DisputeBadge report={report} />
      <EstimateBadge report={report} />
    </>
  );
}

/** The figures in the order the table's columns have them. */
function figuresOf(report: AdminRevenueReport): [string, string][] {
  return [
    ['Net', formatMoney(report.netRevenue)],
    ['Baseline', formatMoney(report.baselineNetRevenue)],
    ['Increase', formatMoney(report.revenueIncrease)],
    [`Share (${report.sharePercentage}%)`, formatMoney(report.shareOwed)],
    ['Paid', formatMoney(report.amountPaid)],
    ['Due', formatDate(report.dueDate)],
  ];
}

function Owner({ report }: { report: AdminRevenueReport }) {
  return (
    <>
      <span className="block font-medium break-words">{report.userName}</span>
      <span className="block text-xs break-all text-muted-foreground">{report.userEmail}</span>
    </>
  );
}

/** The owner's supporting documents, each a download link; 'None' without any. */
function Documents({ report }: { report: AdminRevenueReport }) {
  if (report.documents.length === 0) return <span className="text-muted-foreground">None</span>;
  return (
    <ul className="space-y-1" aria-label={`Documents of ${report.userName}, ${formatPeriod(report)}`}>
      {report.documents.map((document) => (
        <li key={document.id} className="min-w-0">
          <a
            href={document.url}
            download={document.name}
            className="break-all text-primary underline underline-offset-2 hover:no-underline"
          >
            {document.name}
          </a>
        </li>
      ))}
    </ul>
  );
}

function Th({ children, numeric = false }: { children: ReactNode; numeric?: boolean }) {
  return (
    <th
      scope="col"
      className={`px-3 py-2 text-xs font-medium whitespace-nowrap text-muted-foreground ${numeric ? 'text-right' : 'text-left'}`}
    >
      {children}
    </th>
  );
}

function ReportTable({ reports, label, showOutstanding, now }: Omit<ReportListProps, 'empty'>) {
  return (
    <div className="overflow-x-auto rounded-lg border border-border">
      <table className="w-full border-collapse text-sm" aria-label={label}>
        <thead className="bg-muted/50">
          <tr>
            <Th>Owner</Th>
            <Th>Period</Th>
            <Th numeric>Net</Th>
            <Th numeric>Baseline</Th>
            <Th numeric>Increase</Th>
            <Th numeric>Share</Th>
            <Th numeric>Paid</Th>
            <Th>Due</Th>
            <Th>Status</Th>
            <Th>Documents</Th>
            <Th>Actions</Th>
          </tr>
        </thead>
        <tbody>
          {reports.map((report) => (
            <tr key={report.id} className="border-t border-border align-top" data-testid="report-row">
              <th scope="row" className="max-w-56 px-3 py-3 text-left font-normal">
                <Owner report={report} />
              </th>
              <td className="px-3 py-3 whitespace-nowrap">{formatPeriod(report)}</td>
              <td className="px-3 py-3 text-right whitespace-nowrap tabular-nums">
                {formatMoney(report.netRevenue)}
              </td>
              <td className="px-3 py-3 text-right whitespace-nowrap tabular-nums">
                {formatMoney(report.baselineNetRevenue)}
              </td>
              <td className="px-3 py-3 text-right whitespace-nowrap tabular-nums">
                {formatMoney(report.revenueIncrease)}
              </td>
              <td className="px-3 py-3 text-right whitespace-nowrap tabular-nums">
                <span className="font-medium">{formatMoney(report.shareOwed)}</span>
                <span className="block text-xs text-muted-foreground">{report.sharePercentage}%</span>
              </td>
              <td className="px-3 py-3 text-right whitespace-nowrap tabular-nums">
                {formatMoney(report.amountPaid)}
              </td>
              <td className="px-3 py-3 whitespace-nowrap">{formatDate(report.dueDate)}</td>
              <td className="px-3 py-3">
                <div className="flex max-w-40 flex-col items-start gap-1">
                  <ReportBadges report={report} showOutstanding={showOutstanding} now={now} />
                </div>
              </td>
              <td className="max-w-56 px-3 py-3">
                <Documents report={report} />
              </td>
              <td className="px-3 py-3">
                <ReportActions report={report} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ReportCards({ reports, label, showOutstanding, now }: Omit<ReportListProps, 'empty'>) {
  return (
    <ul className="grid gap-3" aria-label={label}>
      {reports.map((report) => (
        <li key={report.id}>
          <Card className="grid gap-3 p-4" data-testid="report-row">
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <Owner report={report} />
                <span className="mt-1 block text-sm text-muted-foreground">{formatPeriod(report)}</span>
              </div>
              <div className="flex flex-col items-end gap-1 text-right">
                <ReportBadges report={report} showOutstanding={showOutstanding} now={now} />
              </div>
            </div>
            <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
              {figuresOf(report).map(([term, value]) => (
                <div key={term} className="min-w-0">
                  <dt className="text-xs text-muted-foreground">{term}</dt>
                  <dd className="font-medium tabular-nums">{value}</dd>
                </div>
              ))}
            </dl>
            <div className="text-sm">
              <span className="block text-xs text-muted-foreground">Documents</span>
              <Documents report={report} />
            </div>
            <ReportActions report={report} />
          </Card>
        </li>
      ))}
    </ul>
  );
}

export function ReportList({ empty, ...props }: ReportListProps) {
  const wide = useWideLayout();
  if (props.reports.length === 0) return <EmptyState>{empty}</EmptyState>;
  return wide ? <ReportTable {...props} /> : <ReportCards {...props} />;
}
