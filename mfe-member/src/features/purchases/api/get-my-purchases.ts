/**
 * `GET /api/payment/my-purchases` (docs/behaviour/checkout-and-payments.md#one-per-person): the product ids
 * the signed-in account has bought and still has. Both dashboards read it beside their own reads, to say how
 * to get the consultation. A 401 reads as null (signed out).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { parsedQueryFnOrNull } from '@platform/ui';

export const MY_PURCHASES_QUERY_KEY = ['/api/payment/my-purchases'] as const;

export function myPurchasesQuery(enabled: boolean) {
  return queryOptions({
    queryKey: MY_PURCHASES_QUERY_KEY,
    enabled,
    queryFn: parsedQueryFnOrNull((contracts) => contracts.MyPurchasesSchema),
  });
}

export function useMyPurchases(enabled: boolean) {
  return useQuery(myPurchasesQuery(enabled));
}
