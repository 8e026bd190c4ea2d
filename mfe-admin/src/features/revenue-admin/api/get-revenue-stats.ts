/** `GET /api/admin/revenue-stats` (admin only): the four stat cards' figures. */
import { defineParsedQuery } from '@platform/ui';
import { REVENUE_STATS_KEY } from './revenue-ledger-keys';

const revenueStats = defineParsedQuery(REVENUE_STATS_KEY, (contracts) => contracts.RevenueStatsSchema);

export const revenueStatsQuery = () => revenueStats.options();
export const useRevenueStats = () => revenueStats.use();
