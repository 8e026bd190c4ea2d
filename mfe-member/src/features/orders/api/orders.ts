/**
 * `GET /api/orders` and `POST /api/orders/{id}/refund-request` (payment service;
 * docs/behaviour/checkout-and-payments.md#orders-and-billing). A 401 from the list reads as null, which
 * the page turns into 'Session Expired'.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MyOrder } from '@platform/contracts';
import { defineSignedInQuery, requestParsed } from '@platform/ui';

const myOrders = defineSignedInQuery(['/api/orders'], (contracts) => contracts.MyOrderListSchema);

export const MY_ORDERS_QUERY_KEY = myOrders.queryKey;
export const useMyOrders = myOrders.use;

export function useRequestRefund() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ orderId, reason }: { orderId: string; reason: string }): Promise<MyOrder> => {
      const answer = await requestParsed(
        'POST',
        `/api/orders/${orderId}/refund-request`,
        { reason },
        (contracts) => contracts.RefundRequestResponseSchema,
      );
      return answer.order;
    },
    // The list, what the account owns and the membership all change with a refund.
    onSettled: () => client.invalidateQueries(),
  });
}

/**
 * `POST /api/orders/{id}/payment-plan/pay`: what is left of a plan, now ('rest'); `…/pay-due`: only the
 * instalments already due, once the buyer changed the card ('due').
 */
export function usePayPlan(which: 'rest' | 'due') {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (orderId: string): Promise<MyOrder> => {
      const answer = await requestParsed(
        'POST',
        `/api/orders/${orderId}/payment-plan/${which === 'rest' ? 'pay' : 'pay-due'}`,
        undefined,
        (contracts) => contracts.RefundRequestResponseSchema,
      );
      return answer.order;
    },
    // A paused course opens again: every read may change.
    onSettled: () => client.invalidateQueries(),
  });
}
