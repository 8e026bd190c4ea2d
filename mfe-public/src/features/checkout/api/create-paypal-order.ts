/**
 * `POST /api/paypal/order` (docs/behaviour/checkout-and-payments.md#payment-flows, wallet flow): the order
 * and its approval link.
 */
import type { PaypalOrderRequest } from '@platform/contracts';
import { CheckoutError } from '../lib/checkout-error';
import { postCheckout } from './post-checkout';

/** Resolves with the approval address the buyer goes to. */
export async function createPaypalOrder(request: PaypalOrderRequest): Promise<string> {
  const { CHECKOUT_MESSAGES, PaypalOrderResponseSchema } = await import('@platform/contracts');
  const answer = await postCheckout('/api/paypal/order', request, CHECKOUT_MESSAGES.paypalOrderFailed);
  const parsed = PaypalOrderResponseSchema.safeParse(answer);
  if (!parsed.success) throw new CheckoutError(CHECKOUT_MESSAGES.paypalOrderFailed);
  const approve = parsed.data.links.find((link) => link.rel === 'approve');
  if (!approve?.href) throw new CheckoutError(CHECKOUT_MESSAGES.paypalApprovalMissing);
  return approve.href;
}
