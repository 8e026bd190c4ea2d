/**
 * 'Pay now' on a verified report: `POST /api/revenue-share-checkout` { reportId } (docs/decisions.md, 28)
 * answers the payment provider's page, priced by the payment service from the revenue service's figure.
 */
import { useMutation } from '@tanstack/react-query';
import type { CreateCheckoutSessionResponse } from '@platform/contracts';
import { requestParsed } from '@platform/ui';

export async function startShareCheckout(reportId: string): Promise<CreateCheckoutSessionResponse> {
  return requestParsed(
    'POST',
    '/api/revenue-share-checkout',
    { reportId },
    (contracts) => contracts.CreateCheckoutSessionResponseSchema,
  );
}

export function useStartShareCheckout() {
  return useMutation({ mutationFn: startShareCheckout });
}
