/**
 * `POST /api/create-checkout-session` (docs/behaviour/checkout-and-payments.md#payment-flows): the card
 * provider's hosted page for this order.
 */
import type { CreateCheckoutSessionRequest, CreateCheckoutSessionResponse } from '@platform/contracts';
import { CheckoutError } from '../lib/checkout-error';
import { postCheckout } from './post-checkout';

export async function createCheckoutSession(
  request: CreateCheckoutSessionRequest,
): Promise<CreateCheckoutSessionResponse> {
  const { CHECKOUT_MESSAGES, CreateCheckoutSessionResponseSchema } = await import('@platform/contracts');
  const answer = await postCheckout(
    '/api/create-checkout-session',
    request,
    CHECKOUT_MESSAGES.createSessionFailed,
  );
  const parsed = CreateCheckoutSessionResponseSchema.safeParse(answer);
  if (!parsed.success || !parsed.data.sessionId || !parsed.data.url) {
    throw new CheckoutError(CHECKOUT_MESSAGES.invalidSession);
  }
  return parsed.data;
}
