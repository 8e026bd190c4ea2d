/**
 * Coupons for the support admin (role admin, enforced here; visitors 401, other users 403):
 *
 *   GET  /api/admin/coupons → CouponListSchema: every coupon, newest first, with its redemptions, and
 *                             the products a coupon can name
 *   POST /api/admin/coupons → 201 { coupon }; body CreateCouponRequestSchema (amounts in cents);
 *     400 one message per field (a product that is not a paid one-time product of the catalogue too); 409 COUPON_MESSAGES.duplicate when the code exists (in any case)
 */
import { randomUUID } from 'node:crypto';
import {
  COUPON_MESSAGES,
  CreateCouponRequestSchema,
  type Coupon,
  type CouponList,
} from '@platform/contracts';
import { AppError } from '@platform/service-kit/errors';
import { requireAdmin } from '@platform/service-kit/identity';
import { routesWith, validate } from '@platform/service-kit/http';
import type { Router } from 'express';
import { listDiscountableProducts } from '../catalogue/catalogue.repository.js';
import { coupons } from '../db/schema.js';
import type { PaymentDeps } from '../runtime.js';
import { listCoupons, toCoupon } from './coupons.repository.js';

export function adminCouponRoutes(router: Router, deps: PaymentDeps): void {
  const admin = routesWith(router, { access: requireAdmin });

  admin.get('/api/admin/coupons', async (_req, res) => {
    const body: CouponList = {
      coupons: await listCoupons(deps.db),
      products: await listDiscountableProducts(deps.db),
    };
    res.set('Cache-Control', 'no-store').json(body);
  });

  admin.post('/api/admin/coupons', validate({ body: CreateCouponRequestSchema }), async (req, res) => {
    const input = req.body;
    const caller = req.caller;
    const discountable = new Set((await listDiscountableProducts(deps.db)).map((product) => product.id));
    const stranger = input.productIds?.find((id) => !discountable.has(id));
    if (stranger) {
      const message = COUPON_MESSAGES.notDiscountable(stranger);
      throw new AppError('invalid', message, [{ path: 'productIds', message }]);
    }
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
  });
}
