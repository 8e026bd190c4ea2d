/**
 * `POST /api/revenue-report` (docs/behaviour/revenue-share.md#monthly-revenue-report): the server checks the
 * report again and computes the share itself; a refusal carries its words (a 400 names the rule, e.g. an
 * overlapping period). On success the owner's plan and history are read again.
 */
import type { RevenueReportRequestParsed, SubmitRevenueReportResponse } from '@platform/contracts';
import { requestParsed, useRefreshingMutation } from '@platform/ui';
import { MY_REMINDERS_QUERY_KEY } from './get-my-reminders';
import { MY_STATEMENTS_QUERY_KEY } from './get-my-statement';
import { MY_REVENUE_REPORTS_QUERY_KEY } from './get-my-revenue-reports';

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
  return useRefreshingMutation(submitRevenueReport, {
    refreshes: [MY_REVENUE_REPORTS_QUERY_KEY, MY_REMINDERS_QUERY_KEY, MY_STATEMENTS_QUERY_KEY],
    after: 'success',
  });
}
