/**
 * The buyer is back from the wallet provider (`GET /api/paypal/return?token=<order id>`, or
 * `?session_id=` from the test provider): capture the approved payment, fulfil if it was collected, and
 * say where the browser goes next. Nothing here trusts the query string beyond finding the order.
 */
import type { ServiceDeps } from '@platform/service-kit';
import type { PaymentConfig } from '../config.js';
import { fulfilOrder } from '../orders/fulfil-order.js';
import { findOrderBySession } from '../orders/orders.repository.js';
import { providerNamed, runtimeOf } from '../runtime.js';

export const CHECKOUT_PAGE = '/checkout';

export function successPage(sessionId: string): string {
  return `/checkout-success?session_id=${encodeURIComponent(sessionId)}`;
}

/** The path to redirect to. */
export async function completeWalletReturn(
  deps: ServiceDeps<PaymentConfig>,
  sessionId: string | undefined,
  requestId?: string,
): Promise<string> {
  if (!sessionId || sessionId.length > 255) return CHECKOUT_PAGE;
  const order = await findOrderBySession(deps.db, sessionId);
  if (!order || order.method !== 'wallet') return CHECKOUT_PAGE;
  if (order.status === 'fulfilled') return successPage(sessionId);
  const provider = providerNamed(runtimeOf(deps), order.provider);
  if (!provider) return CHECKOUT_PAGE;
  try {
    const payment = await provider.capture(sessionId, order.id);
    const { outcome } = await fulfilOrder(deps, { orderId: order.id, payment, source: 'return', requestId });
    return outcome === 'failed' ? CHECKOUT_PAGE : successPage(sessionId);
  } catch (error) {
    // The confirmation page asks again, and the reconciliation job captures later.
    deps.logger.warn({ err: error, orderId: order.id }, 'capturing the wallet payment failed for now');
    return successPage(sessionId);
  }
}
