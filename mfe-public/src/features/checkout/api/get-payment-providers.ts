/** `GET /api/payment/providers`: which card and wallet providers are active, and whether in test mode. */
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
