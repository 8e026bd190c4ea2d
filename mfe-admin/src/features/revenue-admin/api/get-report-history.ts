/**
 * `GET /api/admin/revenue-reports/:id/history` (admin only): the report's audit trail, oldest first
 * (docs/behaviour/revenue-share.md#audit-trail). Under the reports' key, so every ledger refresh reads it again.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { parsedQueryFn } from '@platform/ui';
import { REVENUE_REPORTS_KEY } from './revenue-ledger-keys';

export function reportHistoryQuery(reportId: string) {
  return queryOptions({
    queryKey: [...REVENUE_REPORTS_KEY, encodeURIComponent(reportId), 'history'],
    queryFn: parsedQueryFn((contracts) => contracts.RevenueReportHistorySchema),
  });
}

export function useReportHistory(reportId: string) {
  return useQuery(reportHistoryQuery(reportId));
}
