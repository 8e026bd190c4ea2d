/** `GET /api/admin/revenue-customers/:id/baseline-changes` (admin only): the recorded corrections, newest first. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { BaselineChangeListSchema } from '@platform/contracts';
import type { BaselineChange } from '@platform/contracts';
import { getQueryFn } from '@platform/ui';
import { REVENUE_CUSTOMERS_KEY } from './revenue-ledger-keys';

const read = getQueryFn<unknown>({ on401: 'throw' });

export function baselineChangesQuery(customerId: string, enabled: boolean) {
  return queryOptions({
    queryKey: [...REVENUE_CUSTOMERS_KEY, encodeURIComponent(customerId), 'baseline-changes'],
    enabled,
    queryFn: async (context): Promise<BaselineChange[]> =>
      BaselineChangeListSchema.parse(await read(context)),
  });
}

export function useBaselineChanges(customerId: string, enabled: boolean) {
  return useQuery(baselineChangesQuery(customerId, enabled));
}
