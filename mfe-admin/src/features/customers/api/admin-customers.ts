/**
 * The admin's customers (docs/behaviour/admin.md#customers; docs/decisions.md, 100), read from each service
 * that owns a part: the accounts from auth (`/api/admin/customers`), their courses, progress and access
 * from the course service (`/api/admin/customers/learning`), their orders from payment
 * (`/api/admin/orders?userId=&email=`) and their standing from revenue (`/api/admin/revenue-customers`).
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CustomerAccessAction, CustomerAccessRequest, RefundRequestBody } from '@platform/contracts';
import { parsedQueryFn, requestParsed } from '@platform/ui';

export function useCustomerSearch(search: string, offset: number) {
  const query = new URLSearchParams({ q: search, offset: String(offset) });
  return useQuery({
    queryKey: [`/api/admin/customers?${query}`],
    queryFn: parsedQueryFn((contracts) => contracts.AdminCustomerPageSchema),
    placeholderData: keepPreviousData,
  });
}

export function useCustomer(userId: string) {
  return useQuery({
    queryKey: ['/api/admin/customers', userId],
    queryFn: parsedQueryFn((contracts) => contracts.AdminCustomerSchema),
  });
}

const learningKey = (userIds: string[]) => [`/api/admin/customers/learning?userIds=${userIds.join(',')}`];

export function useCustomersLearning(userIds: string[]) {
  return useQuery({
    queryKey: learningKey(userIds),
    queryFn: parsedQueryFn((contracts) => contracts.CustomerLearningListSchema),
    enabled: userIds.length > 0,
  });
}

const ordersKey = (customer: { id: string; email: string } | undefined) => [
  `/api/admin/orders?${new URLSearchParams({ userId: customer?.id ?? '', email: customer?.email ?? '' })}`,
];

export function useCustomerOrders(customer: { id: string; email: string } | undefined) {
  return useQuery({
    queryKey: ordersKey(customer),
    queryFn: parsedQueryFn((contracts) => contracts.OrderListSchema),
    enabled: Boolean(customer),
  });
}

export function useCustomerAccess(userId: string, action: CustomerAccessAction) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (request: CustomerAccessRequest) =>
      requestParsed(
        'POST',
        `/api/admin/customers/learning/${userId}/${action}`,
        request,
        (contracts) => contracts.CustomerLearningSchema,
      ),
    onSuccess: (learning) => client.setQueryData(learningKey([userId]), [learning]),
  });
}

/** An admin action answered with one sentence to show: the set-password link, the receipt again. */
export function useNoticeAction(url: string) {
  return useMutation({
    mutationFn: () => requestParsed('POST', url, undefined, (contracts) => contracts.NoticeResponseSchema),
  });
}

export const useSetPasswordLink = (userId: string) =>
  useNoticeAction(`/api/admin/customers/${userId}/set-password-link`);

/** `POST /api/admin/orders/:id/refund` with the admin's reason; the customer's orders are read again. */
export function useRefundOrder(customer: { id: string; email: string }, orderId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (request: RefundRequestBody) =>
      requestParsed(
        'POST',
        `/api/admin/orders/${orderId}/refund`,
        request,
        (contracts) => contracts.RefundResponseSchema,
      ),
    onSettled: () => client.invalidateQueries({ queryKey: ordersKey(customer) }),
  });
}

/** `POST /api/admin/orders/:id/resend-receipt`. */
export const useResendReceipt = (orderId: string) =>
  useNoticeAction(`/api/admin/orders/${orderId}/resend-receipt`);
