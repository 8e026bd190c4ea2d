/**
 * `GET /api/payment/providers`: which card and wallet providers are active, and whether in test mode (the
 * checkout's and the membership upgrade's payment step both read it, under one cache entry).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentProviders } from '@platform/contracts';
import { requestParsed } from '../api/parse-answer';

export async function getPaymentProviders(): Promise<PaymentProviders> {
  return requestParsed(
    'GET',
    '/api/payment/providers',
    undefined,
    (contracts) => contracts.PaymentProvidersSchema,
  );
}

/** The one cache entry, for a page that must have the answer before it acts (`queryClient.fetchQuery`). */
export const paymentProvidersQuery = queryOptions({
  queryKey: ['/api/payment/providers'],
  queryFn: getPaymentProviders,
});

export function usePaymentProviders() {
  return useQuery(paymentProvidersQuery);
}
