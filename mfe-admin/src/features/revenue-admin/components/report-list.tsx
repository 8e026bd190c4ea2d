/**
 * The 'Pending Reports' and 'Unpaid Revenue' lists: per report the owner, the period, net, baseline,
 * increase, share, paid, due date and status (and, unpaid, a days-outstanding badge), the owner's supporting
 * documents as download links, with its actions; a report outside the owner's months to report carries
 * its flag (docs/decisions.md, 66), a disputed one its dispute's state, an estimate 'Estimated'. A table on a wide screen; a card per report on a phone.
 */
import { ESTIMATE_LABELS, REPORT_PERIOD_FLAG_LABELS } from '@platform/contracts';
import type { AdminRevenueReport } from '@platform/contracts';
import { formatDate, formatMoney } from '@platform/contracts/format';
import { Badge, Card } from '@platform/ui';
import { daysOutstanding, daysOutstandingLabel, outstandingBadgeVariant } from '../lib/ledger';
import { formatPeriod } from '../lib/report-period';
import { DISPUTE_BADGE, REPORT_STATUS } from '../lib/revenue-admin-copy';
import { LedgerFigures, LedgerList, LedgerPerson, LedgerTable, NumberCell } from './ledger-table';
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
  return <LedgerPerson name={report.userName} email={report.userEmail} />;
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

const COLUMNS = [
  { name: 'Owner' },
  { name: 'Period' },
  { name: 'Net', numeric: true },
  { name: 'Baseline', numeric: true },
  { name: 'Increase', numeric: true },
  { name: 'Share', numeric: true },
  { name: 'Paid', numeric: true },
  { name: 'Due' },
  { name: 'Status' },
  { name: 'Documents' },
  { name: 'Actions' },
] as const;

function ReportTable({ reports, label, showOutstanding, now }: Omit<ReportListProps, 'empty'>) {
  return (
    <LedgerTable label={label} columns={COLUMNS}>
      {reports.map((report) => (
        <tr key={report.id} className="border-t border-border align-top" data-testid="report-row">
          <th scope="row" className="max-w-56 px-3 py-3 text-left font-normal">
            <Owner report={report} />
          </th>
          <td className="px-3 py-3 whitespace-nowrap">{formatPeriod(report)}</td>
          <NumberCell>{formatMoney(report.netRevenue)}</NumberCell>
          <NumberCell>{formatMoney(report.baselineNetRevenue)}</NumberCell>
          <NumberCell>{formatMoney(report.revenueIncrease)}</NumberCell>
          <NumberCell>
            <span className="font-medium">{formatMoney(report.shareOwed)}</span>
            <span className="block text-xs text-muted-foreground">{report.sharePercentage}%</span>
          </NumberCell>
          <NumberCell>{formatMoney(report.amountPaid)}</NumberCell>
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
    </LedgerTable>
  );
}

function ReportCard({
  report,
  showOutstanding,
  now,
}: Omit<ReportListProps, 'empty' | 'reports' | 'label'> & { report: AdminRevenueReport }) {
  return (
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
      <LedgerFigures figures={figuresOf(report)} />
      <div className="text-sm">
        <span className="block text-xs text-muted-foreground">Documents</span>
        <Documents report={report} />
      </div>
      <ReportActions report={report} />
    </Card>
  );
}

export function ReportList({ reports, label, empty, showOutstanding, now }: ReportListProps) {
  return (
    <LedgerList
      label={label}
      empty={empty}
      rows={reports}
      table={<ReportTable reports={reports} label={label} showOutstanding={showOutstanding} now={now} />}
      renderCard={(report) => <ReportCard report={report} showOutstanding={showOutstanding} now={now} />}
    />
  );
}
