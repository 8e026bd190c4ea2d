/**
 * The buyer is back from the wallet provider (`GET /api/paypal/return?token=<order id>`, or
 * `?session_id=` from the test provider): capture the approved payment, fulfil if it was collected, and
 * say where the browser goes next (a refused capture: `/checkout?payment=failed`). Nothing here trusts the
 * query string beyond finding the order.
 */
import { checkoutReturnPath } from '@platform/contracts';
import { fulfilOrder } from '../orders/fulfil-order.js';
import { findOrderBySession } from '../orders/orders.repository.js';
import { providerNamed, type PaymentDeps } from '../runtime.js';

export const CHECKOUT_PAGE = '/checkout';

/** Where the wallet provider sends a buyer who turned back (PayPal appends `token`). */
export const WALLET_CANCEL_PATH = '/api/paypal/cancel';

export function successPage(sessionId: string): string {
  return `/checkout-success?session_id=${encodeURIComponent(sessionId)}`;
}

/** The path to redirect to. */
export async function completeWalletReturn(
  deps: PaymentDeps,
  sessionId: string | undefined,
  requestId?: string,
): Promise<string> {
  if (!sessionId || sessionId.length > 255) return CHECKOUT_PAGE;
  const order = await findOrderBySession(deps.db, sessionId);
  if (!order || order.method !== 'wallet') return CHECKOUT_PAGE;
  if (order.status === 'fulfilled') return successPage(sessionId);
  const provider = providerNamed(deps.runtime, order.provider);
  if (!provider) return CHECKOUT_PAGE;
  try {
    const payment = await provider.capture(sessionId, order.id);
    const { outcome } = await fulfilOrder(deps, { orderId: order.id, payment, source: 'return', requestId });
    // A capture the provider refused is a declined payment: the checkout says so.
    return outcome === 'failed' ? checkoutReturnPath('failed') : successPage(sessionId);
  } catch (error) {
    // The confirmation page asks again, and the reconciliation job captures later.
    deps.logger.warn({ err: error, orderId: order.id }, 'capturing the wallet payment failed for now');
    return successPage(sessionId);
  }
}
