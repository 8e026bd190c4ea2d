/** `GET /api/admin/revenue-reports` (admin only): every report, newest submission first. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { AdminRevenueReportSchema } from '@platform/contracts';
import type { AdminRevenueReport } from '@platform/contracts';
import { getQueryFn } from '@platform/ui';
import { z } from 'zod';
import { REVENUE_REPORTS_KEY } from './revenue-ledger-keys';

const read = getQueryFn<unknown>({ on401: 'throw' });
const ReportListSchema = z.array(AdminRevenueReportSchema);

export function revenueReportsQuery() {
  return queryOptions({
    queryKey: REVENUE_REPORTS_KEY,
    queryFn: async (context): Promise<AdminRevenueReport[]> => ReportListSchema.parse(await read(context)),
  });
}

export function useRevenueReports() {
  return useQuery(revenueReportsQuery());
}
