/**
 * `POST /api/grant-course-access`: the confirmation page asks us to fulfil the order behind its
 * `session_id`. We ask the provider (never the browser) whether the money was collected, and fulfil
 * through the same function as the webhook. Asking again after fulfilment answers the same.
 *
 * Answers: 200 `{ success: true, status: 'fulfilled' }` once paid; 402 `{ success: false }` with status
 * `pending` (not paid yet), `failed` (declined or expired) or `refunded`; 409 when the provider collected
 * another amount than the order's total; 404 for an unknown session. A payment for what the account already
 * owned is a 402 with `alreadyOwned` (it is refunded automatically).
 */
import { CHECKOUT_MESSAGES, type GrantCourseAccessResponse } from '@platform/contracts';
import { AppError } from '@platform/service-kit/errors';
import { findAutomaticRefund } from '../orders/automatic-refunds.js';
import { fulfilOrder, unneededOutcomeOf } from '../orders/fulfil-order.js';
import { findOrder, findOrderBySession, type OrderWithLines } from '../orders/orders.repository.js';
import { providerNamed, type PaymentDeps } from '../runtime.js';
import { askProvider } from './ask-provider.js';

export const GRANT_MESSAGES = {
  granted: CHECKOUT_MESSAGES.accessGranted,
  notPaid: 'Payment has not been completed for this checkout yet.',
  failed: 'The payment for this checkout did not go through.',
  refunded: 'This order was refunded.',
  mismatch: 'The payment does not match the order. Please contact support.',
  nothingDue: 'Nothing was due for this payment any more; it is being refunded.',
  alreadyOwned:
    'You already had this purchase when this payment arrived, so it is refunded in full automatically.',
  couponUsedUp:
    'Your coupon had been used up by other orders when this payment arrived, so it is refunded in full automatically. Please check out again.',
  notFound: 'Checkout session not found',
  providerGone: 'The payment provider of this order is not configured.',
} as const;

export interface GrantAnswer {
  httpStatus: 200 | 402 | 409;
  body: GrantCourseAccessResponse;
}

export async function grantCourseAccess(
  deps: PaymentDeps,
  sessionId: string,
  requestId?: string,
): Promise<GrantAnswer> {
  const found = await findOrderBySession(deps.db, sessionId);
  if (!found) throw new AppError('not_found', GRANT_MESSAGES.notFound);
  if (found.status === 'fulfilled') return granted((await findOrder(deps.db, found.id)) ?? { lines: [] });
  if (found.status === 'refunded') return refundedAnswer(deps, found);

  const provider = providerNamed(deps.runtime, found.provider);
  if (!provider) throw new AppError('unavailable', GRANT_MESSAGES.providerGone);
  const payment = await askProvider(deps.logger, 'getPaymentStatus', () =>
    provider.getPaymentStatus(sessionId),
  );
  const { outcome, order } = await fulfilOrder(deps, {
    orderId: found.id,
    payment,
    source: 'grant',
    requestId,
  });
  switch (outcome) {
    case 'fulfilled':
    case 'already-fulfilled':
      // Refunded since it was read above (its automatic refund just went through): why, as above.
      return order.status === 'refunded' ? refundedAnswer(deps, order) : granted(order);
    case 'failed':
      return refused('failed', GRANT_MESSAGES.failed);
    case 'amount-mismatch':
      return {
        httpStatus: 409,
        body: { success: false, message: GRANT_MESSAGES.mismatch, status: order.status },
      };
    case 'not-paid':
      return refused(order.status, GRANT_MESSAGES.notPaid);
    case 'nothing-due':
      return refused(order.status, GRANT_MESSAGES.nothingDue);
    case 'already-owned':
      return alreadyOwned(order.status);
    case 'coupon-used-up':
      return refused(order.status, GRANT_MESSAGES.couponUsedUp);
  }
}

/** A refunded order: why, when its refund was automatic (a payment not needed), else that it was refunded. */
async function refundedAnswer(
  deps: PaymentDeps,
  order: Pick<OrderWithLines, 'id' | 'revenueReportId' | 'problem'>,
): Promise<GrantAnswer> {
  if (order.revenueReportId || !(await findAutomaticRefund(deps.db, order.id)))
    return refused('refunded', GRANT_MESSAGES.refunded);
  return unneededOutcomeOf(order) === 'coupon-used-up'
    ? refused('refunded', GRANT_MESSAGES.couponUsedUp)
    : alreadyOwned('refunded');
}

function granted(order: { lines: OrderWithLines['lines'] }): GrantAnswer {
  const productIds = [...new Set(order.lines.map((line) => line.productId))];
  return {
    httpStatus: 200,
    body: { success: true, message: GRANT_MESSAGES.granted, status: 'fulfilled', productIds },
  };
}

function alreadyOwned(status: GrantCourseAccessResponse['status']): GrantAnswer {
  return {
    httpStatus: 402,
    body: { success: false, message: GRANT_MESSAGES.alreadyOwned, status, alreadyOwned: true },
  };
}

function refused(status: GrantCourseAccessResponse['status'], message: string): GrantAnswer {
  return { httpStatus: 402, body: { success: false, message, status } };
}
