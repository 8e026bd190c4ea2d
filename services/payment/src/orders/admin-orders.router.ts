/**
 * Orders for the support admin (role admin, enforced here):
 *
 *   GET  /api/admin/orders             → OrderListSchema: the 100 most recent orders, newest first; with
 *                                        `?userId=&email=` that customer's paid orders (AdminOrdersQuerySchema);
 *                                        a Flexible Payments order with its plan: schedule, state, card on file
 *   POST /api/admin/orders/:id/refund  → RefundResponseSchema { order }; body { reason? }
 *     404 'Order not found'; 409 REFUND_MESSAGES.notPaid / windowPassed / alreadyRefunded;
 *     502 when the provider fails.
 *   POST /api/admin/orders/:id/resend-receipt → 200 { message }: `payment.receipt.requested`, the same
 *     receipt again; 404 'Order not found'; 409 RESEND_RECEIPT_MESSAGES.notPaid for an order never paid.
 *   Visitors get 401, other users 403.
 */
import {
  AdminOrdersQuerySchema,
  OrderIdParamsSchema,
  REFUND_MESSAGES,
  RESEND_RECEIPT_MESSAGES,
  RefundRequestSchema,
  type NoticeResponse,
  type OrderList,
  type RefundResponse,
} from '@platform/contracts';
import { AppError } from '@platform/service-kit/errors';
import { enqueueEvent } from '@platform/service-kit/events';
import { routesWith, validate } from '@platform/service-kit/http';
import { REQUEST_ID_HEADER, requireAdmin } from '@platform/service-kit/identity';
import type { Router } from 'express';
import type { PaymentDeps } from '../runtime.js';
import { outboxEvents } from '../db/schema.js';
import { findOrder, listAccountOrders, listRecentOrders } from './orders.repository.js';
import { paidOrderData } from './paid-order-data.js';
import { refundOrder } from './refund-order.js';
import { toOrder } from './to-order.js';
import { orderListExtras } from './order-list-extras.js';
import { findInvoice } from '../invoices/invoices.repository.js';
import { renderInvoicePdf } from '../invoices/render-invoice-pdf.js';

const RECENT_ORDERS = 100;

export function adminOrderRoutes(router: Router, deps: PaymentDeps): void {
  const admin = routesWith(router, { access: requireAdmin });

  admin.get('/api/admin/orders', validate({ query: AdminOrdersQuerySchema }), async (req, res) => {
    const { userId, email } = req.query;
    const rows =
      userId && email
        ? await listAccountOrders(deps.db, { userId, email, limit: RECENT_ORDERS })
        : await listRecentOrders(deps.db, RECENT_ORDERS);
    const { invoiceNumbers, plans } = await orderListExtras(deps.db, rows, deps.clock.now());
    const body: OrderList = {
      orders: rows.map((row) => toOrder(row, invoiceNumbers.get(row.id), plans.get(row.id))),
    };
    res.set('Cache-Control', 'no-store').json(body);
  });

  admin.post(
    '/api/admin/orders/:id/refund',
    validate({ params: OrderIdParamsSchema, body: RefundRequestSchema }),
    async (req, res) => {
      const order = await refundOrder(deps, {
        orderId: req.params.id,
        reason: req.body.reason,
        requestId: String(req.id),
      });
      const body: RefundResponse = { order: toOrder(order, (await findInvoice(deps.db, order.id))?.number) };
      res.set('Cache-Control', 'no-store').json(body);
    },
  );

  admin.post(
    '/api/admin/orders/:id/resend-receipt',
    validate({ params: OrderIdParamsSchema }),
    async (req, res) => {
      const order = await findOrder(deps.db, req.params.id);
      if (!order) throw new AppError('not_found', REFUND_MESSAGES.notFound);
      const invoice = await findInvoice(deps.db, order.id);
      if (!order.paidAt || !invoice || !['fulfilled', 'refunded'].includes(order.status)) {
        throw new AppError('conflict', RESEND_RECEIPT_MESSAGES.notPaid);
      }
      const invoicePdf = await renderInvoicePdf(order, invoice, deps.config);
      await deps.db.transaction((tx) =>
        enqueueEvent(
          tx,
          outboxEvents,
          {
            type: 'payment.receipt.requested',
            data: paidOrderData(order, order.paidAt!, invoice.number, invoicePdf),
            headers: { [REQUEST_ID_HEADER]: String(req.id) },
          },
          { clock: deps.clock },
        ),
      );
      const body: NoticeResponse = { message: RESEND_RECEIPT_MESSAGES.sent };
      res.set('Cache-Control', 'no-store').json(body);
    },
  );
}
