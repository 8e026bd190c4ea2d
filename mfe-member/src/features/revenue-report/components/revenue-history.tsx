/**
 * The owner's reports, newest period first: period, net, baseline, increase, share, paid, status and due
 * date, 'Pay now' on a verified share, and 'Dispute this share' or the dispute's state. A table from 768 px; on a phone each report is a card (the
 * other form is hidden with `display: none`, so assistive technology meets each report once).
 */
import { Card, CardContent, CardHeader, CardTitle } from '@platform/ui';
import type { RevenueReport } from '@platform/contracts';
import { HISTORY } from '../lib/report-copy';
import { toReportRow } from '../lib/report-history';
import type { ReportRow } from '../lib/report-history';
import { PayNowButton } from './pay-now-button';
import { ReportDispute } from './report-dispute';
import { ReportDocuments } from './report-documents';
import { ReportStatusBadge } from './report-status-badge';

const FIGURES = [
  ['netRevenue', HISTORY.columns.netRevenue],
  ['baselineNetRevenue', HISTORY.columns.baselineNetRevenue],
  ['revenueIncrease', HISTORY.columns.revenueIncrease],
  ['shareOwed', HISTORY.columns.shareOwed],
  ['amountPaid', HISTORY.columns.amountPaid],
] as const;

/** What the owner can do with a report, in either layout: pay the share while it is payable, and dispute it. */
function ReportActions({ row }: { row: ReportRow }) {
  return (
    <>
      {row.payable ? <PayNowButton row={row} /> : null}
      <ReportDispute row={row} />
    </>
  );
}

function HistoryTable({ rows }: { rows: ReportRow[] }) {
  return (
    <div className="hidden overflow-x-auto rounded-xl border border-border bg-card md:block">
      <table className="w-full text-sm">
        <caption className="sr-only">{HISTORY.title}</caption>
        <thead className="border-b border-border bg-muted/50 text-left">
          <tr>
            <th scope="col" className="px-3 py-2.5 font-medium">
              {HISTORY.columns.period}
            </th>
            {FIGURES.map(([key, label]) => (
              <th key={key} scope="col" className="px-3 py-2.5 text-right font-medium">
                {label}
              </th>
            ))}
            <th scope="col" className="px-3 py-2.5 font-medium">
              {HISTORY.columns.status}
            </th>
            <th scope="col" className="px-3 py-2.5 font-medium">
              {HISTORY.columns.dueDate}
            </th>
            <th scope="col" className="px-3 py-2.5 font-medium">
              {HISTORY.columns.documents}
            </th>
            <th scope="col" className="px-3 py-2.5 font-medium">
              <span className="sr-only">{HISTORY.columns.action}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} className="border-b border-border last:border-0" data-testid="report-row">
              <th scope="row" className="px-3 py-3 text-left font-medium" data-testid="report-period">
                {row.period}
              </th>
              {FIGURES.map(([key]) => (
                <td key={key} className="px-3 py-3 text-right tabular-nums" data-testid={`report-${key}`}>
                  {row[key]}
                </td>
              ))}
              <td className="px-3 py-3">
                <ReportStatusBadge status={row.status} estimate={row.estimate} />
              </td>
              <td className="px-3 py-3 whitespace-nowrap">
                <time dateTime={row.dueDateIso}>{row.dueDate}</time>
              </td>
              <td className="px-3 py-3 align-top">
                <ReportDocuments reportId={row.id} period={row.period} documents={row.documents} />
              </td>
              <td className="px-3 py-3 text-right">
                <div className="flex flex-col items-end gap-2">
                  <ReportActions row={row} />
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function HistoryCards({ rows }: { rows: ReportRow[] }) {
  return (
    <ul className="space-y-4 md:hidden">
      {rows.map((row) => (
        <li key={row.id}>
          <Card data-testid="report-row">
            <CardHeader className="flex-row items-start justify-between gap-3 pb-3">
              <CardTitle asChild>
                <h3 className="text-base" data-testid="report-period">
                  {row.period}
                </h3>
              </CardTitle>
              <ReportStatusBadge status={row.status} estimate={row.estimate} />
            </CardHeader>
            <CardContent className="space-y-3">
              <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
                {FIGURES.map(([key, label]) => (
                  <div key={key}>
                    <dt className="text-muted-foreground">{label}</dt>
                    <dd className="tabular-nums" data-testid={`report-${key}`}>
                      {row[key]}
                    </dd>
                  </div>
                ))}
                <div>
                  <dt className="text-muted-foreground">{HISTORY.columns.dueDate}</dt>
                  <dd>
                    <time dateTime={row.dueDateIso}>{row.dueDate}</time>
                  </dd>
                </div>
              </dl>
              <div>
                <h4 className="mb-1 text-sm text-muted-foreground">{HISTORY.columns.documents}</h4>
                <ReportDocuments reportId={row.id} period={row.period} documents={row.documents} />
              </div>
              <ReportActions row={row} />
            </CardContent>
          </Card>
        </li>
      ))}
    </ul>
  );
}

export function RevenueHistory({ reports }: { reports: RevenueReport[] }) {
  const now = new Date();
  const rows = reports.map((report) => toReportRow(report, now));
  return (
    <>
      <HistoryTable rows={rows} />
      <HistoryCards rows={rows} />
    </>
  );
}
