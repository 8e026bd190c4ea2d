/**
 * `GET /api/orders` and `POST /api/orders/{id}/refund-request` (payment service;
 * docs/behaviour/checkout-and-payments.md#orders-and-billing). A 401 from the list reads as null, which
 * the page turns into 'Session Expired'.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MyOrder, MyOrderList } from '@platform/contracts';
import { apiRequest, getQueryFn } from '@platform/ui';

export const MY_ORDERS_QUERY_KEY = ['/api/orders'] as const;

const readOrNull = getQueryFn<unknown>({ on401: 'returnNull' });

export function useMyOrders(enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: MY_ORDERS_QUERY_KEY,
      enabled,
      queryFn: async (context): Promise<MyOrderList | null> => {
        const [body, { MyOrderListSchema }] = await Promise.all([
          readOrNull(context),
          import('@platform/contracts'),
        ]);
        return body === null ? null : MyOrderListSchema.parse(body);
      },
    }),
  );
}

export function useRequestRefund() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ orderId, reason }: { orderId: string; reason: string }): Promise<MyOrder> => {
      const response = await apiRequest('POST', `/api/orders/${orderId}/refund-request`, { reason });
      const { RefundRequestResponseSchema } = await import('@platform/contracts');
      return RefundRequestResponseSchema.parse(await response.json()).order;
    },
    // The list, what the account owns and the membership all change with a refund.
    onSettled: () => client.invalidateQueries(),
  });
}
