/**
 * `POST /api/orders/{id}/plan-renewal` (payment service): cancels (`renew: false`) or resumes a membership
 * plan's renewal. The account's orders are read again after it.
 */
import { apiRequest, useRefreshingMutation } from '@platform/ui';
import { MY_ORDERS_QUERY_KEY } from '../../orders/api/orders';

export function useSetPlanRenewal() {
  return useRefreshingMutation(
    async ({ orderId, renew }: { orderId: string; renew: boolean }) => {
      await apiRequest('POST', `/api/orders/${orderId}/plan-renewal`, { renew });
    },
    { refreshes: [MY_ORDERS_QUERY_KEY] },
  );
}
