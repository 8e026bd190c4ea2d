/** `GET /api/payment/providers`: whether the built-in test provider is active (the simulate button). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentProviders } from '@platform/contracts';
import { apiRequest } from '@platform/ui';

export async function getPaymentProviders(): Promise<PaymentProviders> {
  const [response, { PaymentProvidersSchema }] = await Promise.all([
    apiRequest('GET', '/api/payment/providers'),
    import('@platform/contracts'),
  ]);
  return PaymentProvidersSchema.parse(await response.json());
}

export function usePaymentProviders() {
  return useQuery(queryOptions({ queryKey: ['/api/payment/providers'], queryFn: getPaymentProviders }));
}
