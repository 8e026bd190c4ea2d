/**
 * `GET /api/revenue-reports` (docs/behaviour/revenue-share.md#api-calls): the signed-in account's plan
 * (null before consent) and its reports, newest period first. A 401 reads as null (signed out). The
 * welcome page and the dashboard's revenue-share card read it too, so one cache entry serves them all.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyRevenueReports } from '@platform/contracts';
import { parsedQueryFnOrNull, readNow } from '@platform/ui';

export type { MyRevenueReports };

export const MY_REVENUE_REPORTS_QUERY_KEY = ['/api/revenue-reports'] as const;

/** How often, and how many times at most, the list is read again while `refreshWhile` holds. */
export const REFRESH_INTERVAL_MS = 2000;
export const MAX_REFRESHES = 15;

export function myRevenueReportsQuery(
  enabled: boolean,
  refreshWhile?: (data: MyRevenueReports | null | undefined) => boolean,
) {
  return queryOptions<
    MyRevenueReports | null,
    Error,
    MyRevenueReports | null,
    typeof MY_REVENUE_REPORTS_QUERY_KEY
  >({
    queryKey: MY_REVENUE_REPORTS_QUERY_KEY,
    enabled,
    // A share just paid online is recorded by the revenue service a moment later (an event).
    refetchInterval: refreshWhile
      ? (query) =>
          refreshWhile(query.state.data) && query.state.dataUpdateCount <= MAX_REFRESHES
            ? REFRESH_INTERVAL_MS
            : false
      : false,
    queryFn: parsedQueryFnOrNull((contracts) => contracts.MyRevenueReportsSchema),
  });
}

/**
 * The list as the server has it now, read past the cache (a page checking whether a press whose answer was
 * lost went through); null when that read fails too, so a failed check changes no page.
 */
export const readMyRevenueReportsNow = (): Promise<MyRevenueReports | null> =>
  readNow(MY_REVENUE_REPORTS_QUERY_KEY[0], (contracts) => contracts.MyRevenueReportsSchema);

export function useMyRevenueReports(
  enabled: boolean,
  refreshWhile?: (data: MyRevenueReports | null | undefined) => boolean,
) {
  return useQuery(myRevenueReportsQuery(enabled, refreshWhile));
}
