/**
 * `POST /api/create-checkout-session` (docs/behaviour/checkout-and-payments.md#payment-flows): the card
 * provider's hosted page for this order.
 */
import type { CreateCheckoutSessionRequest, CreateCheckoutSessionResponse } from '@platform/contracts';
import { apiRequest } from '@platform/ui';
import { CheckoutError, readServerMessage } from '../lib/checkout-error';

export async function createCheckoutSession(
  request: CreateCheckoutSessionRequest,
): Promise<CreateCheckoutSessionResponse> {
  const { CHECKOUT_MESSAGES, CreateCheckoutSessionResponseSchema } = await import('@platform/contracts');
  let response: Response;
  try {
    response = await apiRequest('POST', '/api/create-checkout-session', request);
  } catch (error) {
    throw new CheckoutError(readServerMessage(error) ?? CHECKOUT_MESSAGES.createSessionFailed, error);
  }
  const parsed = CreateCheckoutSessionResponseSchema.safeParse(await response.json().catch(() => null));
  if (!parsed.success || !parsed.data.sessionId || !parsed.data.url) {
    throw new CheckoutError(CHECKOUT_MESSAGES.invalidSession);
  }
  return parsed.data;
}
