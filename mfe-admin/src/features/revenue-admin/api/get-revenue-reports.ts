/** `GET /api/admin/revenue-reports` (admin only): every report, newest submission first. */
import { REVENUE_REPORTS_KEY, defineLedgerList } from './revenue-ledger-keys';

const revenueReports = defineLedgerList(REVENUE_REPORTS_KEY, (contracts) =>
  contracts.AdminRevenueReportSchema.array(),
);

export const useRevenueReports = revenueReports.use;

/** Every report as the server has it now (see useLedgerReadNow). */
export const useReadRevenueReportsNow = revenueReports.useReadNow;
