/** `GET /api/payment/providers`: whether the built-in test provider is active (the simulate button). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentProviders } from '@platform/contracts';
import { requestParsed } from '@platform/ui';

export async function getPaymentProviders(): Promise<PaymentProviders> {
  return requestParsed(
    'GET',
    '/api/payment/providers',
    undefined,
    (contracts) => contracts.PaymentProvidersSchema,
  );
}

export function usePaymentProviders() {
  return useQuery(queryOptions({ queryKey: ['/api/payment/providers'], queryFn: getPaymentProviders }));
}
