/**
 * Orders for the support admin (role admin, enforced here):
 *
 *   GET  /api/admin/orders             → OrderListSchema: the 100 most recent orders, newest first
 *   POST /api/admin/orders/:id/refund  → RefundResponseSchema { order }; body { reason? }
 *     404 'Order not found'; 409 REFUND_MESSAGES.notPaid / windowPassed / alreadyRefunded;
 *     502 when the provider fails. Visitors get 401, other users 403.
 */
import {
  REFUND_MESSAGES,
  RefundRequestSchema,
  type OrderList,
  type RefundResponse,
} from '@platform/contracts';
import { AppError, requireAdmin, type ServiceDeps } from '@platform/service-kit';
import type { Router } from 'express';
import type { PaymentConfig } from '../config.js';
import { jsonBody, parseBody } from '../http/parse-body.js';
import { listRecentOrders } from './orders.repository.js';
import { refundOrder } from './refund-order.js';
import { toOrder } from './to-order.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const RECENT_ORDERS = 100;

export function adminOrderRoutes(router: Router, deps: ServiceDeps<PaymentConfig>): void {
  router.get('/api/admin/orders', requireAdmin, async (_req, res) => {
    const body: OrderList = { orders: (await listRecentOrders(deps.db, RECENT_ORDERS)).map(toOrder) };
    res.set('Cache-Control', 'no-store').json(body);
  });

  router.post('/api/admin/orders/:id/refund', requireAdmin, jsonBody, async (req, res) => {
    const id = String(req.params.id);
    if (!UUID.test(id)) throw new AppError('not_found', REFUND_MESSAGES.notFound);
    const request = parseBody(RefundRequestSchema, req.body);
    const order = await refundOrder(deps, {
      orderId: id.toLowerCase(),
      reason: request.reason,
      requestId: String(req.id),
    });
    const body: RefundResponse = { order: toOrder(order) };
    res.set('Cache-Control', 'no-store').json(body);
  });
}
