/**
 * `POST /api/revenue-reports/:id/dispute { reason }` (docs/behaviour/revenue-share.md#disputes): the owner
 * disputes a verified share within 5 days of its verification; a refusal carries the server's words. On
 * success the reports and reminders are read again (the share's reminders pause).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DisputeReportRequest, ReportDisputeResponse } from '@platform/contracts';
import { requestParsed } from '@platform/ui';
import { MY_REMINDERS_QUERY_KEY } from './get-my-reminders';
import { MY_REVENUE_REPORTS_QUERY_KEY } from './get-my-revenue-reports';

export async function disputeReport({
  reportId,
  request,
}: {
  reportId: string;
  request: DisputeReportRequest;
}): Promise<ReportDisputeResponse> {
  return requestParsed(
    'POST',
    `/api/revenue-reports/${encodeURIComponent(reportId)}/dispute`,
    request,
    (contracts) => contracts.ReportDisputeResponseSchema,
  );
}

export function useDisputeReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disputeReport,
    onSettled: () =>
      Promise.all(
        [MY_REVENUE_REPORTS_QUERY_KEY, MY_REMINDERS_QUERY_KEY].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
