/**
 * Coupons for the support admin (role admin, enforced here; visitors 401, other users 403):
 *
 *   GET  /api/admin/coupons → CouponListSchema: every coupon, newest first, with its redemptions
 *   POST /api/admin/coupons → 201 { coupon }; body CreateCouponRequestSchema (amounts in cents);
 *     400 one message per field; 409 COUPON_MESSAGES.duplicate when the code exists (in any case)
 */
import { randomUUID } from 'node:crypto';
import {
  COUPON_MESSAGES,
  CreateCouponRequestSchema,
  type Coupon,
  type CouponList,
} from '@platform/contracts';
import { AppError, requireAdmin, validate } from '@platform/service-kit';
import type { Router } from 'express';
import { coupons } from '../db/schema.js';
import type { PaymentDeps } from '../runtime.js';
import { listCoupons, toCoupon } from './coupons.repository.js';

export function adminCouponRoutes(router: Router, deps: PaymentDeps): void {
  router.get('/api/admin/coupons', requireAdmin, async (_req, res) => {
    const body: CouponList = { coupons: await listCoupons(deps.db) };
    res.set('Cache-Control', 'no-store').json(body);
  });

  router.post(
    '/api/admin/coupons',
    requireAdmin,
    validate({ body: CreateCouponRequestSchema }),
    async (req, res) => {
      const input = req.body;
      const caller = req.caller;
      const [row] = await deps.db
        .insert(coupons)
        .values({
          id: randomUUID(),
          code: input.code,
          percentOff: input.percentOff ?? null,
          amountOff: input.amountOff ?? null,
          productIds: [...new Set(input.productIds ?? [])],
          startsAt: input.startsAt ? new Date(input.startsAt) : null,
          endsAt: input.endsAt ? new Date(input.endsAt) : null,
          maxRedemptions: input.maxRedemptions ?? null,
          oncePerCustomer: input.oncePerCustomer ?? false,
          createdBy: caller.kind === 'user' ? caller.userId : 'admin',
          createdAt: deps.clock.now(),
        })
        .onConflictDoNothing()
        .returning();
      if (!row)
        throw new AppError('conflict', COUPON_MESSAGES.duplicate, [
          { path: 'code', message: COUPON_MESSAGES.duplicate },
        ]);
      deps.logger.info({ couponId: row.id, code: row.code }, 'coupon created');
      const body: { coupon: Coupon } = { coupon: toCoupon(row, 0) };
      res.status(201).set('Cache-Control', 'no-store').json(body);
    },
  );
}
