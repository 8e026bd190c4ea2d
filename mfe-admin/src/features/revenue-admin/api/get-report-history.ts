/**
 * `GET /api/admin/revenue-reports/:id/history` (admin only): the report's audit trail, oldest first
 * (docs/behaviour/revenue-share.md#audit-trail). Under the reports' key, so every ledger refresh reads it again.
 */
import { defineParsedQueryFamily } from '@platform/ui';
import { REVENUE_REPORTS_KEY } from './revenue-ledger-keys';

const reportHistory = defineParsedQueryFamily(
  (reportId: string) => [...REVENUE_REPORTS_KEY, encodeURIComponent(reportId), 'history'],
  (contracts) => contracts.RevenueReportHistorySchema,
);

export const reportHistoryQuery = (reportId: string) => reportHistory.options(reportId);
export const useReportHistory = (reportId: string) => reportHistory.use(reportId);
