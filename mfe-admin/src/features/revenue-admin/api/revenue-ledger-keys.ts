/**
 * The query keys of the admin's revenue reads (the URL split at `/`), and the one refresh every action
 * does: a verification, payment, reminder or baseline correction can change the stats, the lists and the
 * chart alike, so all three are read again; and the one way a change to one owner's plan is sent.
 */
import { useQueryClient } from '@tanstack/react-query';
import { defineParsedQuery, readNow, requestParsed, useRefreshingMutation } from '@platform/ui';
import type { SchemaPick } from '@platform/ui';

export const REVENUE_STATS_KEY = ['/api/admin/revenue-stats'] as const;
export const REVENUE_REPORTS_KEY = ['/api/admin/revenue-reports'] as const;
/** Also the prefix of each customer's baseline changes (`…/revenue-customers/:id/baseline-changes`). */
export const REVENUE_CUSTOMERS_KEY = ['/api/admin/revenue-customers'] as const;

/** A ledger action as a mutation: whether it succeeds or fails, the ledger's reads are fetched again. */
export function useLedgerMutation<Variables, Answer>(mutationFn: (variables: Variables) => Promise<Answer>) {
  return useRefreshingMutation(mutationFn, {
    refreshes: [REVENUE_STATS_KEY, REVENUE_REPORTS_KEY, REVENUE_CUSTOMERS_KEY],
  });
}

/** `POST /api/admin/revenue-customers/:id/<change>`: a change to one owner's plan, answered as `pick` says. */
export function changeRevenueCustomer<Answer>(
  change: string,
  { customerId, request }: { customerId: string; request: unknown },
  pick: SchemaPick<Answer>,
): Promise<Answer> {
  return requestParsed(
    'POST',
    `${REVENUE_CUSTOMERS_KEY[0]}/${encodeURIComponent(customerId)}/${change}`,
    request,
    pick,
  );
}

/**
 * One of the ledger's lists read past the cache, after a change whose answer may have been lost; the page
 * then shows what was read. null when the read fails too: the page stays as it was.
 */
export function useLedgerReadNow<T>(
  queryKey: readonly [string],
  pick: SchemaPick<T>,
): () => Promise<T | null> {
  const client = useQueryClient();
  return async () => {
    const now = await readNow(queryKey[0], pick);
    if (now !== null) client.setQueryData(queryKey, now);
    return now;
  };
}

/**
 * One of the ledger's lists, declared once with its key and schema: the read the pages share (`use`) and
 * the same list read past the cache (`useReadNow`, see useLedgerReadNow).
 */
export function defineLedgerList<T>(queryKey: readonly [string], pick: SchemaPick<T>) {
  const read = defineParsedQuery(queryKey, pick);
  return {
    use: () => read.use(),
    useReadNow: () => useLedgerReadNow(queryKey, pick),
  };
}
