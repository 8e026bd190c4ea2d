/** `GET /api/admin/revenue-reports` (admin only): every report, newest submission first. */
import { defineParsedQuery } from '@platform/ui';
import { REVENUE_REPORTS_KEY, useLedgerReadNow } from './revenue-ledger-keys';

const revenueReports = defineParsedQuery(REVENUE_REPORTS_KEY, (contracts) =>
  contracts.AdminRevenueReportSchema.array(),
);

export const revenueReportsQuery = () => revenueReports.options();
export const useRevenueReports = () => revenueReports.use();

/** Every report as the server has it now (see useLedgerReadNow). */
export const useReadRevenueReportsNow = () =>
  useLedgerReadNow(REVENUE_REPORTS_KEY, (contracts) => contracts.AdminRevenueReportSchema.array());
