/**
 * Orders for the support admin (role admin, enforced here):
 *
 *   GET  /api/admin/orders             → OrderListSchema: the 100 most recent orders, newest first
 *   POST /api/admin/orders/:id/refund  → RefundResponseSchema { order }; body { reason? }
 *     404 'Order not found'; 409 REFUND_MESSAGES.notPaid / windowPassed / alreadyRefunded;
 *     502 when the provider fails. Visitors get 401, other users 403.
 */
import {
  OrderIdParamsSchema,
  RefundRequestSchema,
  type OrderList,
  type RefundResponse,
} from '@platform/contracts';
import { validate } from '@platform/service-kit/http';
import { requireAdmin } from '@platform/service-kit/identity';
import type { Router } from 'express';
import type { PaymentDeps } from '../runtime.js';
import { listRecentOrders } from './orders.repository.js';
import { refundOrder } from './refund-order.js';
import { toOrder } from './to-order.js';
import { findInvoice, invoiceNumbersOf } from '../invoices/invoices.repository.js';

const RECENT_ORDERS = 100;

export function adminOrderRoutes(router: Router, deps: PaymentDeps): void {
  router.get('/api/admin/orders', requireAdmin, async (_req, res) => {
    const rows = await listRecentOrders(deps.db, RECENT_ORDERS);
    const numbers = await invoiceNumbersOf(
      deps.db,
      rows.map((row) => row.id),
    );
    const body: OrderList = { orders: rows.map((row) => toOrder(row, numbers.get(row.id))) };
    res.set('Cache-Control', 'no-store').json(body);
  });

  router.post(
    '/api/admin/orders/:id/refund',
    requireAdmin,
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
}
