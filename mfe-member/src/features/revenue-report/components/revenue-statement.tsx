/**
 * The owner's monthly statement on /revenue-report (docs/behaviour/revenue-share.md#monthly-statements):
 * a month to choose, its balance before and after, what it added and took, and its PDF.
 */
import { useState } from 'react';
import { monthName, STATEMENT_MESSAGES } from '@platform/contracts';
import { formatDate, formatMoney } from '@platform/contracts/format';
import { Button, Label, LoadFailedAlert, Skeleton, TitledCard } from '@platform/ui';
import { statementPdfUrl, useMyStatement } from '../api/get-my-statement';
import { statementReportLine, statementSummary } from '../lib/statement';

export function RevenueStatement() {
  const [month, setMonth] = useState<string | null>(null);
  const statement = useMyStatement(month);
  const data = statement.data;

  return (
    <TitledCard
      titleId="revenue-statement-title"
      region
      data-testid="revenue-statement"
      headerClassName="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between"
      title={STATEMENT_MESSAGES.title}
      headerExtra={
        data ? (
          <div className="flex flex-wrap items-end gap-3">
            <div className="flex flex-col gap-1.5">
              <Label htmlFor="statement-month">{STATEMENT_MESSAGES.month}</Label>
              <select
                id="statement-month"
                value={data.month}
                onChange={(event) => setMonth(event.target.value)}
                className="h-10 rounded-md border border-input bg-background px-3 text-sm text-foreground shadow-xs outline-hidden focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background"
              >
                {data.months.map((option) => (
                  <option key={option} value={option}>
                    {monthName(option)}
                  </option>
                ))}
              </select>
            </div>
            <Button asChild variant="outline">
              <a href={statementPdfUrl(data.month)} download>
                {STATEMENT_MESSAGES.download}
              </a>
            </Button>
          </div>
        ) : null
      }
    >
      {statement.isPending ? (
        <Skeleton className="h-40 w-full" />
      ) : statement.isError ? (
        <LoadFailedAlert title={STATEMENT_MESSAGES.loadFailed} onRetry={() => void statement.refetch()} />
      ) : (
        <div
          className="grid gap-6 md:grid-cols-[minmax(0,1fr)_minmax(0,1.4fr)]"
          aria-busy={statement.isPlaceholderData}
        >
          <div className="grid content-start gap-3">
            <dl className="grid content-start gap-2 text-sm">
              {statementSummary(statement.data).map(({ label, value }, index, lines) => (
                <div
                  key={label}
                  className={
                    index === lines.length - 1
                      ? 'flex justify-between gap-4 border-t border-border pt-2 font-semibold'
                      : 'flex justify-between gap-4'
                  }
                >
                  <dt>{label}</dt>
                  <dd className="whitespace-nowrap tabular-nums">{value}</dd>
                </div>
              ))}
            </dl>
            {statement.data.closingBalance < 0 ? (
              <p className="text-sm text-muted-foreground">{STATEMENT_MESSAGES.inCredit}</p>
            ) : null}
          </div>
          <div className="grid content-start gap-4">
            {statement.data.reports.length > 0 ? (
              <section className="grid gap-1">
                <h3 className="text-sm font-semibold">{STATEMENT_MESSAGES.reports}</h3>
                <ul className="text-sm">
                  {statement.data.reports.map((report) => (
                    <li key={report.id}>{statementReportLine(report)}</li>
                  ))}
                </ul>
              </section>
            ) : null}
            {statement.data.entries.length === 0 ? (
              <p className="text-sm text-muted-foreground">{STATEMENT_MESSAGES.noActivity}</p>
            ) : (
              <ul
                className="divide-y divide-border text-sm"
                aria-label={`Activity in ${monthName(statement.data.month)}`}
              >
                {statement.data.entries.map((entry) => (
                  <li
                    key={`${entry.kind}-${entry.at}-${entry.amount}`}
                    className="grid grid-cols-[1fr_auto] gap-x-4 py-2 sm:grid-cols-[8rem_1fr_auto]"
                  >
                    <span className="text-muted-foreground">{formatDate(entry.at)}</span>
                    <span className="col-span-2 row-start-2 break-words sm:col-span-1 sm:row-start-1 sm:col-start-2">
                      {entry.description}
                    </span>
                    <span className="whitespace-nowrap text-right tabular-nums sm:col-start-3">
                      {formatMoney(entry.amount)}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </div>
      )}
    </TitledCard>
  );
}
