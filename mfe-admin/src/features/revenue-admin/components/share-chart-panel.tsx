/**
 * 'Shares owed and collected' for the last 12 months: the chart (recharts, loaded on demand as its own
 * chunk) and, as its text alternative, the same figures in a table that a button reveals; screen readers
 * get a one-line summary in place of the picture.
 */
import { lazy, Suspense, useId } from 'react';
import type { AdminRevenueReport } from '@platform/contracts';
import { formatMoney } from '@platform/contracts/format';
import {
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  Skeleton,
  useDisclosure,
} from '@platform/ui';
import { chartByMonth } from '../lib/ledger';

const ShareChart = lazy(() => import(/* webpackChunkName: "revenue-share-chart" */ './share-chart'));

export function ShareChartPanel({ reports, now }: { reports: readonly AdminRevenueReport[]; now: Date }) {
  const months = chartByMonth(reports, now);
  const table = useDisclosure(useId());
  const owed = months.reduce((sum, month) => sum + month.owed, 0);
  const collected = months.reduce((sum, month) => sum + month.collected, 0);
  const first = months[0]!.label;
  const last = months[months.length - 1]!.label;
  const summary = `Shares owed ${formatMoney(owed)} and collected ${formatMoney(collected)} for the reports of ${first} to ${last}.`;

  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1.5">
          <CardTitle asChild>
            <h2>Shares owed and collected</h2>
          </CardTitle>
          <CardDescription>By the month each report covers, for the last 12 months.</CardDescription>
        </div>
        <Button variant="outline" size="sm" {...table.buttonProps}>
          {table.open ? 'Hide the figures' : 'Show the figures as a table'}
        </Button>
      </CardHeader>
      <CardContent className="grid gap-4">
        <figure className="m-0">
          <div className="h-64 w-full" aria-hidden="true" data-testid="share-chart">
            <Suspense fallback={<Skeleton className="h-full w-full" />}>
              <ShareChart months={months} />
            </Suspense>
          </div>
          <figcaption className="sr-only">{summary}</figcaption>
        </figure>
        <div {...table.regionProps} className="overflow-x-auto">
          <table className="w-full border-collapse text-sm">
            <caption className="sr-only">Shares owed and collected per month</caption>
            <thead>
              <tr className="border-b border-border text-left text-xs text-muted-foreground">
                <th scope="col" className="py-2 pr-3 font-medium">
                  Month
                </th>
                <th scope="col" className="py-2 pr-3 text-right font-medium">
                  Owed
                </th>
                <th scope="col" className="py-2 text-right font-medium">
                  Collected
                </th>
              </tr>
            </thead>
            <tbody>
              {months.map((month) => (
                <tr key={month.month} className="border-b border-border last:border-0">
                  <th scope="row" className="py-1.5 pr-3 text-left font-normal">
                    {month.label}
                  </th>
                  <td className="py-1.5 pr-3 text-right tabular-nums">{formatMoney(month.owed)}</td>
                  <td className="py-1.5 text-right tabular-nums">{formatMoney(month.collected)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </CardContent>
    </Card>
  );
}
