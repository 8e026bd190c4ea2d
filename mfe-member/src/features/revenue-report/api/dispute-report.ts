/**
 * `POST /api/revenue-reports/:id/dispute { reason }` (docs/behaviour/revenue-share.md#disputes): the owner
 * disputes a verified share within 5 days of its verification; a refusal carries the server's words. On
 * success the reports and reminders are read again (the share's reminders pause).
 */
import type { DisputeReportRequest, ReportDisputeResponse } from '@platform/contracts';
import { requestParsed } from '@platform/ui';
import { useRevenueMutation } from './revenue-mutation';

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
  return useRevenueMutation(disputeReport);
}
