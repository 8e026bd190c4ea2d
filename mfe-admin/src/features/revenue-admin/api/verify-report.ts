/** `POST /api/admin/verify-report/:id` (admin only): the report is checked and ready for collection. */
import { AdminReportActionResponseSchema } from '@platform/contracts';
import type { AdminReportActionResponse } from '@platform/contracts';
import { apiRequest } from '@platform/ui';
import { useLedgerMutation } from './revenue-ledger-keys';

export async function verifyReport(reportId: string): Promise<AdminReportActionResponse> {
  const response = await apiRequest('POST', `/api/admin/verify-report/${encodeURIComponent(reportId)}`);
  return AdminReportActionResponseSchema.parse(await response.json());
}

export function useVerifyReport() {
  return useLedgerMutation(verifyReport);
}
