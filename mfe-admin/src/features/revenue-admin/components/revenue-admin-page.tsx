/**
 * `/revenue-admin` (docs/behaviour/revenue-share.md#admin-revenue-dashboard): 'Revenue Management', the
 * admin's ledger of the revenue-share programme. Four stat cards, the chart of shares owed and collected,
 * the CSV files, and five tabs: 'Pending Reports' (Verify), 'Unpaid Revenue' (Mark Paid, with days
 * outstanding), 'All Customers' (Correct baseline, Agreement date), 'Overdue' and 'Flagged Reports' (reports
 * outside the months to report, docs/decisions.md, 66); Send Reminder everywhere. Access is the
 * admin pages' one handling (docs/behaviour/admin.md#admin-access).
 */
import { useState } from 'react';
import { REVENUE_ADMIN_MESSAGES } from '@platform/contracts';
import { Badge, LoadFailedAlert, LoadingPlaceholder, Skeleton, SkeletonRows } from '@platform/ui';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@platform/ui/tabs';
import { AdminPageFrame } from '../../admin-access/components/admin-page-frame';
import { useAdminReads } from '../../admin-access/hooks/use-admin-access';
import { useRevenueCustomers } from '../api/get-revenue-customers';
import { useRevenueReports } from '../api/get-revenue-reports';
import { useRevenueStats } from '../api/get-revenue-stats';
import { flaggedReports, overdueCustomers, pendingReports, unpaidReports } from '../lib/ledger';
import { LOAD_FAILED, NO_FLAGGED_REPORTS, PAGE_TITLE, TAB_LABELS } from '../lib/revenue-admin-copy';
import type { RevenueTab } from '../lib/revenue-admin-copy';
import { CsvDownloads } from './csv-downloads';
import { CustomerList } from './customer-list';
import { ReportList } from './report-list';
import { RevenueStatCards, RevenueStatSkeletons } from './revenue-stat-cards';
import { ShareChartPanel } from './share-chart-panel';

function LoadingLayout() {
  return (
    <LoadingPlaceholder label="Loading the revenue ledger…" className="grid gap-6">
      <RevenueStatSkeletons />
      <Skeleton className="h-72 w-full" />
      <Skeleton className="h-10 w-full max-w-xl" />
      <div className="grid gap-2">
        <SkeletonRows count={3} className="h-20 w-full" />
      </div>
    </LoadingPlaceholder>
  );
}

/** On a phone the tabs wrap onto two rows: each keeps its own height rather than the list's. */
const TRIGGER = 'h-auto min-h-8';

function TabLabel({ label, count }: { label: string; count: number }) {
  return (
    <>
      {label}
      <Badge variant="outline" className="ml-1 px-1.5 tabular-nums">
        {count}
      </Badge>
    </>
  );
}

export function RevenueAdminPage() {
  const stats = useRevenueStats();
  const reports = useRevenueReports();
  const customers = useRevenueCustomers();
  useAdminReads(stats.error, reports.error, customers.error);
  const [tab, setTab] = useState<RevenueTab>('pending');

  const queries = [stats, reports, customers];
  let body;
  if (queries.some((query) => query.isPending)) {
    body = <LoadingLayout />;
  } else if (!stats.data || !reports.data || !customers.data) {
    // Only a first read that failed: a read again that fails (poor Wi-Fi after a change) keeps the ledger
    // shown as it was, with any dialog open on it and what was typed there.
    body = (
      <LoadFailedAlert
        title={LOAD_FAILED}
        onRetry={() => {
          for (const query of queries) if (query.isError) void query.refetch();
        }}
      />
    );
  } else {
    const now = new Date();
    const pending = pendingReports(reports.data);
    const unpaid = unpaidReports(reports.data);
    const overdue = overdueCustomers(customers.data);
    const flagged = flaggedReports(reports.data);
    // The tabs in their order, each with the count its label shows.
    const tabCounts: [RevenueTab, number][] = [
      ['pending', pending.length],
      ['unpaid', unpaid.length],
      ['customers', customers.data.length],
      ['overdue', overdue.length],
      ['flagged', flagged.length],
    ];
    body = (
      <div className="grid gap-8">
        <RevenueStatCards stats={stats.data} pendingCount={pending.length} />
        <ShareChartPanel reports={reports.data} now={now} />
        <Tabs value={tab} onValueChange={(value) => setTab(value as RevenueTab)} className="min-w-0 gap-4">
          <TabsList className="h-auto w-full flex-wrap justify-start sm:w-fit">
            {tabCounts.map(([value, count]) => (
              <TabsTrigger key={value} value={value} className={TRIGGER}>
                <TabLabel label={TAB_LABELS[value]} count={count} />
              </TabsTrigger>
            ))}
          </TabsList>
          <TabsContent value="pending">
            <ReportList
              reports={pending}
              label="Pending reports"
              empty={REVENUE_ADMIN_MESSAGES.noPendingReports}
              now={now}
            />
          </TabsContent>
          <TabsContent value="unpaid">
            <ReportList
              reports={unpaid}
              label="Unpaid revenue"
              empty={REVENUE_ADMIN_MESSAGES.noPendingPayments}
              showOutstanding
              now={now}
            />
          </TabsContent>
          <TabsContent value="customers">
            <CustomerList
              customers={customers.data}
              label="Revenue share customers"
              empty={REVENUE_ADMIN_MESSAGES.noCustomers}
              canCorrectBaseline
            />
          </TabsContent>
          <TabsContent value="overdue">
            <CustomerList
              customers={overdue}
              label="Overdue customers"
              empty={REVENUE_ADMIN_MESSAGES.noOverdue}
            />
          </TabsContent>
          <TabsContent value="flagged">
            <ReportList reports={flagged} label="Flagged reports" empty={NO_FLAGGED_REPORTS} now={now} />
          </TabsContent>
        </Tabs>
      </div>
    );
  }

  return (
    <AdminPageFrame
      title={PAGE_TITLE}
      description="Verify owners’ monthly reports, record the shares they pay and remind them when something is due."
      width="6xl"
      breadcrumb={false}
      actions={<CsvDownloads />}
    >
      {body}
    </AdminPageFrame>
  );
}
