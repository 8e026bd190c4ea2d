/** `GET /api/admin/revenue-stats` (admin only): the four stat cards' figures. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { RevenueStatsSchema } from '@platform/contracts';
import type { RevenueStats } from '@platform/contracts';
import { getQueryFn } from '@platform/ui';
import { REVENUE_STATS_KEY } from './revenue-ledger-keys';

const read = getQueryFn<unknown>({ on401: 'throw' });

export function revenueStatsQuery() {
  return queryOptions({
    queryKey: REVENUE_STATS_KEY,
    queryFn: async (context): Promise<RevenueStats> => RevenueStatsSchema.parse(await read(context)),
  });
}

export function useRevenueStats() {
  return useQuery(revenueStatsQuery());
}
