/**
 * `/revenue-report` (docs/behaviour/revenue-share.md#monthly-revenue-report): an owner on the plan reports
 * a month, sees the live calculation, then their history, the month-by-month chart and their reminders, and what became of
 * a share paid online when the payment service sends them back here. Signed-out visitors go to /login; a
 * signed-in account without a plan is told why reporting is not open to it; an owner who left the
 * programme, that no report is taken (docs/decisions.md, 99), above what they still owe.
 */
import { Suspense, lazy } from 'react';
import {
  LoadFailedAlert,
  LoadingPlaceholder,
  NoticeCard,
  Skeleton,
  SkeletonRows,
  TitledCard,
} from '@platform/ui';
import { REVENUE_LEAVE_MESSAGES, type RevenueReport } from '@platform/contracts';
import { useMyRevenueReports } from '../api/get-my-revenue-reports';
import { CHART, HISTORY, REPORT_PAGE } from '../lib/report-copy';
import { hasPayableReport, toChartPoints } from '../lib/report-history';
import { CardOnFile } from './card-on-file';
import { NotOnPlan } from './not-on-plan';
import { PaymentOutcomeAlert, usePaymentOutcome } from './payment-outcome-alert';
import { RevenueHistory } from './revenue-history';
import { RevenueReminders } from './revenue-reminders';
import { RevenueStatement } from './revenue-statement';
import { ReportableMonthsNote } from './reportable-months-note';
import { RevenueReportForm } from './revenue-report-form';
import { TitledPage } from '../../../components/titled-page';
import { signedOutView, useMemberPage } from '../../../components/member-page-gate';

// recharts is a chunk of its own: only this page, and only once it has reports to draw, downloads it.
const RevenueChart = lazy(() => import(/* webpackChunkName: "revenue-chart" */ './revenue-chart'));

function PageSkeleton() {
  return (
    <LoadingPlaceholder
      label="Loading your revenue reports…"
      className="mt-8 space-y-8"
      testId="revenue-report-skeleton"
    >
      <div className="grid gap-4 sm:grid-cols-3">
        <SkeletonRows count={3} className="h-28 w-full" />
      </div>
      <Skeleton className="h-96 w-full" />
    </LoadingPlaceholder>
  );
}

function HistorySection({ reports }: { reports: RevenueReport[] }) {
  return (
    <>
      <section aria-labelledby="report-history" className="space-y-4">
        <h2 id="report-history" className="text-2xl font-semibold tracking-tight">
          {HISTORY.title}
        </h2>
        {reports.length === 0 ? (
          <p
            className="rounded-xl border border-dashed border-border p-6 text-center text-muted-foreground"
            data-testid="no-reports"
          >
            {HISTORY.empty}
          </p>
        ) : (
          <RevenueHistory reports={reports} />
        )}
      </section>
      {reports.length > 0 ? (
        <TitledCard titleId="revenue-chart-title" region title={CHART.title}>
          <Suspense
            fallback={
              <div aria-busy="true">
                <p className="sr-only">{CHART.loading}</p>
                <Skeleton className="h-72 w-full" />
              </div>
            }
          >
            <RevenueChart points={toChartPoints(reports)} />
          </Suspense>
        </TitledCard>
      ) : null}
    </>
  );
}

export function RevenueReportPage() {
  const gate = useMemberPage('Revenue Report');
  const { user, isLoading: userLoading } = gate;
  const [outcome, dismissOutcome] = usePaymentOutcome();
  const reports = useMyRevenueReports(user !== null, outcome === 'paid' ? hasPayableReport : undefined);

  // Signed out, or the read turned to 401 after the page opened (the session ended): away.
  const away = signedOutView(gate, reports);
  if (away !== undefined) return away;

  let body;
  if (userLoading || !user || reports.isPending) {
    body = <PageSkeleton />;
  } else if (reports.isError) {
    body = (
      <LoadFailedAlert
        title={HISTORY.loadFailed}
        hint="Please check your connection and try again."
        onRetry={() => void reports.refetch()}
        retrying={reports.isFetching}
        className="mt-8"
        testId="revenue-load-error"
      />
    );
  } else if (!reports.data?.plan) {
    body = <NotOnPlan />;
  } else {
    body = (
      <div className="mt-8 space-y-10">
        <div className="space-y-6">
          {reports.data.plan.leftAt ? (
            <NoticeCard
              heading="h2"
              titleClassName="text-xl"
              className="max-w-none"
              testId="revenue-left-notice"
              title={REVENUE_LEAVE_MESSAGES.leftTitle}
              description={`${REVENUE_LEAVE_MESSAGES.noReportsAfterLeaving}. What you owe stays owed: your reports and Pay now are below.`}
            />
          ) : (
            <>
              <ReportableMonthsNote plan={reports.data.plan} now={new Date()} />
              <RevenueReportForm plan={reports.data.plan} />
            </>
          )}
        </div>
        <HistorySection reports={reports.data.reports} />
        <CardOnFile />
        <RevenueReminders />
        <RevenueStatement />
      </div>
    );
  }

  return (
    <TitledPage title={REPORT_PAGE.title} description={REPORT_PAGE.intro} width="max-w-5xl">
      {outcome ? <PaymentOutcomeAlert outcome={outcome} onDismiss={dismissOutcome} /> : null}
      {body}
    </TitledPage>
  );
}
