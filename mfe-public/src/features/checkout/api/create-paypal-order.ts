/**
 * `POST /api/paypal/order` (docs/behaviour/checkout-and-payments.md#payment-flows, wallet flow): the order
 * and its approval link.
 */
import type { PaypalOrderRequest } from '@platform/contracts';
import { apiRequest } from '@platform/ui';
import { CheckoutError, readServerMessage } from '../lib/checkout-error';

/** Resolves with the approval address the buyer goes to. */
export async function createPaypalOrder(request: PaypalOrderRequest): Promise<string> {
  const { CHECKOUT_MESSAGES, PaypalOrderResponseSchema } = await import('@platform/contracts');
  let response: Response;
  try {
    response = await apiRequest('POST', '/api/paypal/order', request);
  } catch (error) {
    throw new CheckoutError(readServerMessage(error) ?? CHECKOUT_MESSAGES.paypalOrderFailed, error);
  }
  const parsed = PaypalOrderResponseSchema.safeParse(await response.json().catch(() => null));
  if (!parsed.success) throw new CheckoutError(CHECKOUT_MESSAGES.paypalOrderFailed);
  const approve = parsed.data.links.find((link) => link.rel === 'approve');
  if (!approve?.href) throw new CheckoutError(CHECKOUT_MESSAGES.paypalApprovalMissing);
  return approve.href;
}
