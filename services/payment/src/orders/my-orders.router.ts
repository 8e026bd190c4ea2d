/**
 * A buyer's own orders (signed in; docs/behaviour/checkout-and-payments.md#orders-and-billing):
 *
 *   GET  /api/orders                        → MyOrderListSchema: the account's purchases, newest first
 *   POST /api/orders/:id/plan-renewal       → { order }; body { renew }: a membership plan's renewal cancelled
 *     (false) or resumed (true); 409 for an order that is no renewing plan or whose plan ended
 *   POST /api/orders/:id/payment-plan/pay   → { order }: a Flexible Payments plan's unpaid instalments charged
 *     now to the card on file (409 nothing left or no card, 422 declined)
 *   POST /api/orders/:id/payment-plan/pay-due → the same for the instalments already due only (after the
 *     buyer changed the card: 'Pay the overdue instalment now'); 409 when none is due
 *   POST /api/orders/:id/refund-request     → RefundRequestResponseSchema; body { reason }
 *     within the 30-day guarantee: refunded through the provider that took it (refund-order.ts: once,
 *     however many requests or replicas); 409 MY_ORDER_MESSAGES.windowPassed after it, 409 when already
 *     refunded or not paid; 404 for an order that is not the caller's. Visitors get 401.
 *
 * An order is the caller's when they placed it signed in, or it went to their account's e-mail.
 * Revenue-share payments are not purchases: they are listed on the revenue report, not here.
 */
import {
  MY_ORDER_MESSAGES,
  OrderIdParamsSchema,
  PlanRenewalBodySchema,
  REFUND_MESSAGES,
  REFUND_WINDOW_DAYS,
  RefundRequestBodySchema,
  invoiceNumberOf,
  orderNumberOf,
  type MyOrder,
  type PaymentPlan,
  type MyOrderList,
  type RefundRequestResponse,
} from '@platform/contracts';
import { EMAIL_DATE, formatDate } from '@platform/contracts/format';
import { AppError } from '@platform/service-kit/errors';
import { DAY } from '@platform/service-kit/clock';
import { pickFields } from '@platform/service-kit/db';
import { requireUser } from '@platform/service-kit/identity';
import { routesWith, validate } from '@platform/service-kit/http';
import type { Response, Router } from 'express';
import type { PaymentDeps } from '../runtime.js';
import { findOrder, listAccountOrders, type OrderWithLines } from './orders.repository.js';
import { accountOf, isOwnedBy, type Account } from './order-owner.js';
import { findInvoice } from '../invoices/invoices.repository.js';
import { orderListExtras } from './order-list-extras.js';
import { orderTimesOf } from './to-order.js';
import { refundOrder } from './refund-order.js';
import { setPlanRenewal } from './set-plan-renewal.js';
import { latestPaymentOf } from './subscription-events.js';
import { toOrderLines } from './orders.repository.js';
import { payRemaining } from '../payment-plans/charge-instalments.js';
import { planViewOf } from '../payment-plans/plan-views.js';

const ACCOUNT_ORDER_LIMIT = 200;

export function myOrderRoutes(router: Router, deps: PaymentDeps): void {
  const signedIn = routesWith(router, { access: requireUser });

  signedIn.get('/api/orders', async (req, res) => {
    const account = accountOf(req.caller);
    const rows = await listAccountOrders(deps.db, { ...account, limit: ACCOUNT_ORDER_LIMIT });
    const { invoiceNumbers, plans } = await orderListExtras(deps.db, rows, deps.clock.now());
    const body: MyOrderList = {
      orders: await Promise.all(
        rows.map(async (row) => {
          return toMyOrder(
            row,
            await guaranteeStart(deps, row),
            invoiceNumbers.get(row.id),
            plans.get(row.id) ?? null,
          );
        }),
      ),
    };
    res.set('Cache-Control', 'no-store').json(body);
  });

  signedIn.post(
    '/api/orders/:id/plan-renewal',
    validate({ params: OrderIdParamsSchema, body: PlanRenewalBodySchema }),
    async (req, res) => {
      const order = await findOwnOrder(deps, req.params.id, accountOf(req.caller), 'purchase');
      const changed = await setPlanRenewal(deps, order, req.body.renew);
      await sendMyOrder(res, deps, changed, await guaranteeStart(deps, changed), null);
    },
  );

  signedIn.post(
    '/api/orders/:id/refund-request',
    validate({ params: OrderIdParamsSchema, body: RefundRequestBodySchema }),
    async (req, res) => {
      const account = accountOf(req.caller);
      const order = await findOwnOrder(deps, req.params.id, account, 'purchase');
      if (order.status === 'refunded') throw new AppError('conflict', REFUND_MESSAGES.alreadyRefunded);
      if (order.status !== 'fulfilled') throw new AppError('conflict', MY_ORDER_MESSAGES.notRefundable);
      const start = await guaranteeStart(deps, order);
      if (!start || deps.clock.now().getTime() > start.getTime() + REFUND_WINDOW_DAYS * DAY) {
        const ended = new Date((start ?? deps.clock.now()).getTime() + REFUND_WINDOW_DAYS * DAY);
        throw new AppError('conflict', MY_ORDER_MESSAGES.windowPassed(formatDate(ended, EMAIL_DATE)));
      }
      const refunded = await refundOrder(deps, {
        orderId: order.id,
        reason: `Asked by the buyer: ${req.body.reason}`,
        requestId: String(req.id),
      });
      deps.logger.info({ orderId: order.id, userId: account.userId }, 'refund asked by the buyer');
      await sendMyOrder(res, deps, refunded, null, await planViewOf(deps.db, order.id, deps.clock.now()));
    },
  );

  for (const [path, which] of [
    ['/api/orders/:id/payment-plan/pay', 'rest'],
    ['/api/orders/:id/payment-plan/pay-due', 'due'],
  ] as const) {
    signedIn.post(path, validate({ params: OrderIdParamsSchema }), async (req, res) => {
      const order = await findOwnOrder(deps, req.params.id, accountOf(req.caller), 'any');
      const paid = await payRemaining(deps, order.id, req.caller.userId, which);
      deps.logger.info(
        { orderId: order.id, numbers: paid.map((row) => row.number), which },
        'plan paid by the buyer',
      );
      await sendMyOrder(
        res,
        deps,
        order,
        await guaranteeStart(deps, order),
        await planViewOf(deps.db, order.id, deps.clock.now()),
      );
    });
  }
}

/**
 * The order the path names when it is the caller's, or 404 as if it did not exist; a `purchase` is not a
 * revenue share's payment (those are the revenue report's, not the buyer's orders).
 */
async function findOwnOrder(
  deps: PaymentDeps,
  id: string,
  account: Account,
  kind: 'purchase' | 'any',
): Promise<OrderWithLines> {
  const order = await findOrder(deps.db, id);
  if (!order || (kind === 'purchase' && order.revenueReportId) || !isOwnedBy(order, account)) {
    throw new AppError('not_found', REFUND_MESSAGES.notFound);
  }
  return order;
}

/** Answers `{ order }`: the order as the buyer's list shows it, with its invoice number. */
async function sendMyOrder(
  res: Response,
  deps: PaymentDeps,
  order: OrderWithLines,
  guaranteeFrom: Date | null,
  paymentPlan: PaymentPlan | null,
): Promise<void> {
  const invoice = await findInvoice(deps.db, order.id);
  const body: RefundRequestResponse = {
    order: toMyOrder(order, guaranteeFrom, invoice?.number, paymentPlan),
  };
  res.set('Cache-Control', 'no-store').json(body);
}

/** When the guarantee started: the payment (a subscription's latest one); null when nothing is refundable. */
async function guaranteeStart(deps: PaymentDeps, order: OrderWithLines): Promise<Date | null> {
  if (order.status !== 'fulfilled' || !order.paidAt) return null;
  return order.providerSubscriptionId
    ? ((await latestPaymentOf(deps.db, order)) ?? order.paidAt)
    : order.paidAt;
}

function toMyOrder(
  row: OrderWithLines,
  guaranteeFrom: Date | null,
  invoiceNumber: number | undefined,
  paymentPlan: PaymentPlan | null,
): MyOrder {
  return {
    id: row.id,
    number: orderNumberOf(row.id),
    ...pickFields(row, ['status', 'provider']),
    lines: toOrderLines(row.lines),
    ...pickFields(row, ['discount', 'couponCode', 'total', 'currency']),
    ...orderTimesOf(row),
    planRenewal: !row.providerSubscriptionId
      ? null
      : row.subscriptionEndedAt || row.status === 'refunded'
        ? 'ended'
        : row.subscriptionCancelAtPeriodEnd
          ? 'cancelling'
          : 'renewing',
    invoiceNumber: invoiceNumber === undefined ? null : invoiceNumberOf(invoiceNumber),
    refundableUntil: guaranteeFrom
      ? new Date(guaranteeFrom.getTime() + REFUND_WINDOW_DAYS * DAY).toISOString()
      : null,
    paymentPlan,
  };
}
