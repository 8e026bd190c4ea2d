/**
 * `GET /api/payment/my-purchases` (docs/behaviour/checkout-and-payments.md#one-per-person): the product ids
 * the signed-in account has bought and still has. Both dashboards read it beside their own reads, to say how
 * to get the consultation. A 401 reads as null (signed out).
 */
import { defineSignedInQuery } from '@platform/ui';

const myPurchases = defineSignedInQuery(
  ['/api/payment/my-purchases'],
  (contracts) => contracts.MyPurchasesSchema,
);

export const MY_PURCHASES_QUERY_KEY = myPurchases.queryKey;
export const myPurchasesQuery = myPurchases.options;
export const useMyPurchases = myPurchases.use;
