/**
 * The one place an order becomes paid and fulfilled, whoever noticed the payment first: the provider's
 * webhook, the confirmation page (`grant-course-access`), PayPal's return, or the reconciliation job.
 *
 * In one transaction, with the order row locked: it checks that the provider collected exactly the
 * order's total in its currency, moves the order pending → paid → fulfilled (conditional updates),
 * records the fulfilment (primary key = order id, so a second one cannot exist), gives it the next invoice
 * number (invoices/issue-invoice.ts), renders its PDF for the receipt, and enqueues
 * `payment.order.paid`. A second caller waits for the lock, then finds the order fulfilled and does
 * nothing: one order, one fulfilment, one event.
 *
 * An order that pays a revenue share is fulfilled only while its report, as the dues projection holds it
 * (locked before the order, as the card collection and the share checkout lock it), is verified, the
 * payer's, and still owes at least the order's total; fulfilled, its total is taken off the projection at
 * once, so neither the card on file nor 'Pay now' asks for it again before the revenue service's next
 * announcement. Otherwise the money was not needed (another payment got there first): the order stays
 * `paid`, emits nothing, and is queued for its automatic refund (orders/automatic-refunds.ts).
 *
 * A purchase of a one-per-person product claims it for its account (orders/owned-products.ts). When the
 * account already has it (another checkout of it was paid first), the order likewise stays `paid`, emits
 * nothing and is refunded automatically: no second receipt, account e-mail or enrolment.
 */
import type { Executor } from '@platform/service-kit/db';
import { enqueueEvent } from '@platform/service-kit/events';
import { REQUEST_ID_HEADER } from '@platform/service-kit/identity';
import type { ServiceDeps } from '@platform/service-kit/runtime';
import { eq } from 'drizzle-orm';
import type { PaymentConfig } from '../config.js';
import { fulfilments, outboxEvents } from '../db/schema.js';
import type { ProviderPaymentStatus } from '../providers/payment-provider.js';
import { lockShareDue, takeFromShareDue } from '../revenue-share/share-dues.repository.js';
import { findAutomaticRefund, queueAutomaticRefund } from './automatic-refunds.js';
import { checkCouponClaim, recordRedemption } from '../coupons/apply-coupon.js';
import { issueInvoice } from '../invoices/issue-invoice.js';
import { renderInvoicePdf } from '../invoices/render-invoice-pdf.js';
import { claimOwnedProducts } from './owned-products.js';
import { paidOrderData } from './paid-order-data.js';
import { isPlanOrder } from '../payment-plans/plan-checkout.js';
import { startPaymentPlan } from '../payment-plans/payment-plans.js';
import { enqueueSubscriptionEnded } from './subscription-events.js';
import { collectionIdOfOrder } from '../saved-cards/unneeded-collections.js';
import {
  findReportOfOrder,
  lockOrder,
  updateOrder,
  type NewOrderRow,
  type OrderRow,
  type OrderWithLines,
} from './orders.repository.js';

export type FulfilSource = 'webhook' | 'grant' | 'reconciliation' | 'return' | 'collection';

export type FulfilOutcome =
  /** This call fulfilled the order (and enqueued `payment.order.paid`). */
  | 'fulfilled'
  /** It was fulfilled (or refunded) before: nothing changed. */
  | 'already-fulfilled'
  /** The provider has not collected the money (yet). */
  | 'not-paid'
  /** The provider says the payment failed: a pending order is now failed. */
  | 'failed'
  /** The provider collected another amount or currency: not fulfilled, flagged for the admin. */
  | 'amount-mismatch'
  /** A revenue-share order whose report no longer owes it: not fulfilled, refunded automatically. */
  | 'nothing-due'
  /** A purchase of what its account already owns: not fulfilled, refunded automatically. */
  | 'already-owned'
  /** A purchase whose coupon was used up (or used by its account) first: not fulfilled, refunded automatically. */
  | 'coupon-used-up';

/** Written on a share order that was paid when nothing (or less) was due: what the admin sees. */
export const SHARE_NOT_DUE_PROBLEM =
  'Nothing (or less than this payment) was still due on the revenue report when the payment arrived; it is refunded automatically.';

/** Written on a purchase paid for what its account already owned: what the admin sees. */
export const ALREADY_OWNED_PROBLEM =
  'The account already owned this purchase when the payment arrived (another order paid for it first); it is refunded automatically.';

/** Written on a purchase whose coupon had no use left when the payment arrived: what the admin sees. */
export const COUPON_USED_UP_PROBLEM =
  'The coupon had no use left for this account when the payment arrived (other orders used it first); it is refunded automatically.';

/** Why a payment queued for its automatic refund was not needed, as its fulfilment found it. */
export function unneededOutcomeOf(
  order: Pick<OrderRow, 'revenueReportId' | 'problem'>,
): 'nothing-due' | 'already-owned' | 'coupon-used-up' {
  if (order.revenueReportId) return 'nothing-due';
  return order.problem === COUPON_USED_UP_PROBLEM ? 'coupon-used-up' : 'already-owned';
}

export interface FulfilResult {
  outcome: FulfilOutcome;
  order: OrderWithLines;
}

export class OrderNotFoundError extends Error {
  override name = 'OrderNotFoundError';
}

export interface FulfilOrderOptions {
  orderId: string;
  /** What the provider said about the payment (never what the browser said). */
  payment: ProviderPaymentStatus;
  source: FulfilSource;
  requestId?: string;
  /** Run inside this transaction (the webhook records its event in the same one). */
  tx?: Executor;
}

/**
 * The order as `payment` paid it (from pending, failed or paid), checked no more; null if it moved on. A
 * subscription's id is kept whether or not the order is fulfilled: an unneeded one is refunded and
 * cancelled through it.
 */
function markPaid(
  tx: Executor,
  order: OrderWithLines,
  payment: ProviderPaymentStatus,
  now: Date,
  changes: Partial<NewOrderRow>,
): Promise<OrderRow | null> {
  return updateOrder(
    tx,
    order.id,
    {
      status: 'paid',
      paidAt: order.paidAt ?? now,
      providerPaymentId: payment.providerPaymentId ?? order.providerPaymentId,
      providerSubscriptionId: payment.providerSubscriptionId ?? order.providerSubscriptionId,
      nextCheckAt: null,
      updatedAt: now,
      ...changes,
    },
    ['pending', 'failed', 'paid'],
  );
}

/**
 * A payment that was not needed: the order stays `paid` (never fulfilled: nothing is emitted), says why for
 * the admin, and is queued for its automatic refund, in the fulfilment's transaction.
 */
async function refundUnneeded(
  tx: Executor,
  order: OrderWithLines,
  payment: ProviderPaymentStatus,
  now: Date,
  why: { outcome: 'nothing-due' | 'already-owned' | 'coupon-used-up'; problem: string; reason: string },
): Promise<FulfilResult> {
  const unneeded = await markPaid(tx, order, payment, now, { problem: why.problem });
  await queueAutomaticRefund(tx, { orderId: order.id, reason: why.reason, now });
  return { outcome: why.outcome, order: { ...order, ...unneeded } };
}

export async function fulfilOrder(
  deps: ServiceDeps<PaymentConfig>,
  options: FulfilOrderOptions,
): Promise<FulfilResult> {
  const run = (tx: Executor) => fulfilInTransaction(deps, tx, options);
  return options.tx ? run(options.tx) : deps.db.transaction(run);
}

async function fulfilInTransaction(
  deps: ServiceDeps<PaymentConfig>,
  tx: Executor,
  { orderId, payment, source, requestId }: FulfilOrderOptions,
): Promise<FulfilResult> {
  const reportId = await findReportOfOrder(tx, orderId);
  if (reportId) await lockShareDue(tx, reportId);
  const order = await lockOrder(tx, orderId);
  if (!order) throw new OrderNotFoundError(`Order ${orderId} not found`);
  const now = deps.clock.now();

  if (order.status === 'fulfilled' || order.status === 'refunded')
    return { outcome: 'already-fulfilled', order };
  // Once found unneeded, a payment is refunded whatever happens later.
  if (await findAutomaticRefund(tx, order.id)) return { outcome: unneededOutcomeOf(order), order };

  if (payment.status === 'failed') {
    if (order.status !== 'pending')
      return { outcome: order.status === 'failed' ? 'failed' : 'not-paid', order };
    const failed = await updateOrder(
      tx,
      order.id,
      { status: 'failed', failedAt: now, updatedAt: now, nextCheckAt: null },
      ['pending'],
    );
    return { outcome: 'failed', order: { ...order, ...failed } };
  }
  if (payment.status !== 'paid') return { outcome: 'not-paid', order };

  const currency = (payment.currency ?? '').toUpperCase();
  if (payment.amountTotal !== order.total || currency !== order.currency) {
    const problem = `The provider collected ${payment.amountTotal ?? 'an unknown amount'} ${currency || '(no currency)'} for an order of ${order.total} ${order.currency}.`;
    deps.logger.error(
      {
        orderId,
        provider: order.provider,
        expected: order.total,
        collected: payment.amountTotal,
        currency,
        source,
      },
      'payment amount does not match the order; not fulfilled',
    );
    const flagged = await updateOrder(tx, order.id, { problem, nextCheckAt: null, updatedAt: now });
    return { outcome: 'amount-mismatch', order: { ...order, ...flagged } };
  }

  if (order.revenueReportId) {
    const due = await lockShareDue(tx, order.revenueReportId);
    const owed = due && due.verified && due.userId === order.placedByUserId ? due.amountDue : 0;
    if (owed < order.total) {
      deps.logger.warn(
        { orderId, revenueReportId: order.revenueReportId, total: order.total, owed, source },
        'share payment arrived when it was no longer due; refunding it',
      );
      return refundUnneeded(tx, order, payment, now, {
        outcome: 'nothing-due',
        problem: SHARE_NOT_DUE_PROBLEM,
        reason: owed === 0 ? 'nothing was due on the report' : `only ${owed} cents were due on the report`,
      });
    }
  }

  const coupon = await checkCouponClaim(tx, order);
  if (!coupon.ok) {
    deps.logger.warn(
      { orderId, reason: coupon.reason, source },
      'the coupon was used up first; refunding it',
    );
    return refundUnneeded(tx, order, payment, now, {
      outcome: 'coupon-used-up',
      problem: COUPON_USED_UP_PROBLEM,
      reason: coupon.reason,
    });
  }

  if (!order.revenueReportId) {
    const owned = await claimOwnedProducts(tx, order, now);
    if (owned.length > 0) {
      deps.logger.warn(
        { orderId, owned, source },
        'payment arrived for a product its account already owns; refunding it',
      );
      return refundUnneeded(tx, order, payment, now, {
        outcome: 'already-owned',
        problem: ALREADY_OWNED_PROBLEM,
        reason: `the account already owned ${owned.map((row) => `${row.productId} (order ${row.orderId})`).join(', ')}`,
      });
    }
  }

  const claimed = await tx
    .insert(fulfilments)
    .values({ orderId: order.id, source, fulfilledAt: now })
    .onConflictDoNothing()
    .returning({ orderId: fulfilments.orderId });
  if (claimed.length === 0) return { outcome: 'already-fulfilled', order };
  if (order.revenueReportId) await takeFromShareDue(tx, order.revenueReportId, order.total);

  const paid = await markPaid(tx, order, payment, now, { problem: null });
  if (!paid) throw new Error(`order ${order.id} changed state while locked`);
  const fulfilled = await updateOrder(
    tx,
    order.id,
    { status: 'fulfilled', fulfilledAt: now, updatedAt: now },
    ['paid'],
  );
  if (!fulfilled) throw new Error(`order ${order.id} could not move from paid to fulfilled`);
  await recordRedemption(tx, order, now);
  if (isPlanOrder(order.lines)) {
    await startPaymentPlan(
      tx,
      order,
      {
        providerPaymentId: fulfilled.providerPaymentId,
        paidAt: fulfilled.paidAt ?? now,
        keptCard: payment.keptCard ?? null,
      },
      deps.clock,
    );
  }
  const invoiceNumber = await issueInvoice(tx, order.id, now);
  // The receipt carries the invoice as an attachment (docs/behaviour/checkout-and-payments.md#invoices).
  const invoicePdf = await renderInvoicePdf(
    { ...order, ...fulfilled },
    { orderId: order.id, number: invoiceNumber, issuedAt: now },
    deps.config,
  );

  // A card-on-file collection's charge names its attempt: the revenue service's answer that it succeeded.
  const collectionId = order.revenueReportId ? await collectionIdOfOrder(tx, order.id) : null;
  const event = await enqueueEvent(
    tx,
    outboxEvents,
    {
      type: 'payment.order.paid',
      data: {
        ...paidOrderData(order, fulfilled.paidAt!, invoiceNumber, invoicePdf),
        ...(collectionId ? { collectionId } : {}),
      },
      headers: requestId ? { [REQUEST_ID_HEADER]: requestId } : undefined,
    },
    { clock: deps.clock },
  );
  await tx.update(fulfilments).set({ eventId: event.id }).where(eq(fulfilments.orderId, order.id));
  // Its subscription ended before this payment reached us: what the payment grants ends with it.
  const subscriptionId = fulfilled.providerSubscriptionId;
  if (order.subscriptionEndedAt && subscriptionId) {
    await enqueueSubscriptionEnded(
      deps,
      tx,
      order,
      { subscriptionId, reason: null, endedAt: order.subscriptionEndedAt },
      requestId,
    );
  }
  deps.logger.info({ orderId: order.id, source, eventId: event.id }, 'order fulfilled');
  return { outcome: 'fulfilled', order: { ...order, ...fulfilled } };
}
