/**
 * `POST /api/revenue-report` (docs/behaviour/revenue-share.md#monthly-revenue-report): the server checks the
 * report again and computes the share itself; a refusal carries its words (a 400 names the rule, e.g. an
 * overlapping period). On success the owner's plan and history are read again. After a failure the page
 * looks for the report in the owner's history (`useFindSubmittedReport`): its answer may have been lost.
 */
import { useQueryClient } from '@tanstack/react-query';
import type {
  RevenueReport,
  RevenueReportRequestParsed,
  SubmitRevenueReportResponse,
} from '@platform/contracts';
import { requestParsed, useRefreshingMutation } from '@platform/ui';
import { findSameReport } from '../lib/report-form';
import { MY_REMINDERS_QUERY_KEY } from './get-my-reminders';
import { MY_STATEMENTS_QUERY_KEY } from './get-my-statement';
import { MY_REVENUE_REPORTS_QUERY_KEY, readMyRevenueReportsNow } from './get-my-revenue-reports';

const REFRESHES = [MY_REVENUE_REPORTS_QUERY_KEY, MY_REMINDERS_QUERY_KEY, MY_STATEMENTS_QUERY_KEY];

export async function submitRevenueReport(
  request: RevenueReportRequestParsed,
): Promise<SubmitRevenueReportResponse> {
  return requestParsed(
    'POST',
    '/api/revenue-report',
    request,
    (contracts) => contracts.SubmitRevenueReportResponseSchema,
  );
}

export function useSubmitRevenueReport() {
  return useRefreshingMutation(submitRevenueReport, { refreshes: REFRESHES, after: 'success' });
}

/**
 * The report `request` would make, if the server has it: a report whose answer was lost on poor Wi-Fi, or
 * pressed again after that and refused as already reported. The history is read past the cache, so a read
 * that fails too leaves the page as it was (null: the failure is told as it came); once the report is found
 * the history, the reminders and the statement show it.
 */
export function useFindSubmittedReport(): (
  request: RevenueReportRequestParsed,
) => Promise<RevenueReport | null> {
  const client = useQueryClient();
  return async (request) => {
    const mine = await readMyRevenueReportsNow();
    if (!mine) return null;
    const report = findSameReport(mine.reports, request);
    if (!report) return null;
    client.setQueryData(MY_REVENUE_REPORTS_QUERY_KEY, mine);
    await Promise.all(
      [MY_REMINDERS_QUERY_KEY, MY_STATEMENTS_QUERY_KEY].map((queryKey) =>
        client.invalidateQueries({ queryKey }),
      ),
    );
    return report;
  };
}
