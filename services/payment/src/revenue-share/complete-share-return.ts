/**
 * The owner is back from the card provider's page after paying a revenue share
 * (`GET /api/revenue-share-checkout/return?session_id=…`): ask the provider (never the query string)
 * whether the money was taken, fulfil through the one fulfilment (racing the webhook safely), and say
 * where the browser goes next: `/revenue-report?payment=paid|pending|failed|refunded`.
 */
import { REVENUE_REPORT_PATH, shareReturnPath, type SharePaymentOutcome } from '@platform/contracts';
import { fulfilOrder, type FulfilOutcome } from '../orders/fulfil-order.js';
import { findOrderBySession } from '../orders/orders.repository.js';
import { providerNamed, type PaymentDeps } from '../runtime.js';

/** The path to redirect to. */
export async function completeShareReturn(
  deps: PaymentDeps,
  sessionId: string | undefined,
  requestId?: string,
): Promise<string> {
  if (!sessionId) return REVENUE_REPORT_PATH;
  const order = await findOrderBySession(deps.db, sessionId);
  if (!order?.revenueReportId) return REVENUE_REPORT_PATH;
  if (order.status === 'fulfilled') return shareReturnPath('paid');
  if (order.status === 'refunded') return shareReturnPath('refunded');
  if (order.status === 'failed') return shareReturnPath('failed');
  const provider = providerNamed(deps.runtime, order.provider);
  if (!provider) return shareReturnPath('pending');
  try {
    const payment = await provider.getPaymentStatus(sessionId);
    const result = await fulfilOrder(deps, { orderId: order.id, payment, source: 'return', requestId });
    return shareReturnPath(outcomeOf(result.outcome, result.order.status));
  } catch (error) {
    // The webhook or the reconciliation job settles it; the page says it is not confirmed yet.
    deps.logger.warn({ err: error, orderId: order.id }, 'confirming the share payment failed for now');
    return shareReturnPath('pending');
  }
}

function outcomeOf(outcome: FulfilOutcome, status: string): SharePaymentOutcome {
  switch (outcome) {
    case 'fulfilled':
    case 'already-fulfilled':
      return status === 'refunded' ? 'refunded' : 'paid';
    case 'nothing-due':
    case 'already-owned':
    case 'coupon-used-up':
      return 'refunded';
    case 'failed':
      return 'failed';
    case 'not-paid':
    case 'amount-mismatch':
      return 'pending';
  }
}
