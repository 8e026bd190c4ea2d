/** Coupons and their redemptions (docs/behaviour/checkout-and-payments.md#coupons). */
import type { Coupon } from '@platform/contracts';
import { and, count, desc, eq } from 'drizzle-orm';
import { findRow, rowExists, type Executor } from '@platform/service-kit/db';
import { couponRedemptions, coupons } from '../db/schema.js';

export type CouponRow = typeof coupons.$inferSelect;

export async function findCouponByCode(db: Executor, code: string): Promise<CouponRow | null> {
  return findRow(db, coupons, eq(coupons.code, code));
}

/** The coupon row, locked until the transaction ends: every redemption of it is counted under this lock. */
export async function lockCoupon(db: Executor, id: string): Promise<CouponRow | null> {
  return findRow(db, coupons, eq(coupons.id, id), { lock: true });
}

export async function countRedemptions(db: Executor, couponId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(couponRedemptions)
    .where(eq(couponRedemptions.couponId, couponId));
  return row?.n ?? 0;
}

export async function hasRedeemed(db: Executor, couponId: string, accountEmail: string): Promise<boolean> {
  return rowExists(
    db,
    couponRedemptions,
    and(eq(couponRedemptions.couponId, couponId), eq(couponRedemptions.accountEmail, accountEmail)),
  );
}

export async function listCoupons(db: Executor): Promise<Coupon[]> {
  const rows = await db
    .select({ coupon: coupons, redemptions: count(couponRedemptions.orderId) })
    .from(coupons)
    .leftJoin(couponRedemptions, eq(couponRedemptions.couponId, coupons.id))
    .groupBy(coupons.id)
    .orderBy(desc(coupons.createdAt), desc(coupons.id));
  return rows.map(({ coupon, redemptions }) => toCoupon(coupon, redemptions));
}

export function toCoupon(row: CouponRow, redemptions: number): Coupon {
  return {
    id: row.id,
    code: row.code,
    percentOff: row.percentOff,
    amountOff: row.amountOff,
    productIds: row.productIds,
    startsAt: row.startsAt?.toISOString() ?? null,
    endsAt: row.endsAt?.toISOString() ?? null,
    maxRedemptions: row.maxRedemptions,
    oncePerCustomer: row.oncePerCustomer,
    redemptions,
    createdAt: row.createdAt.toISOString(),
  };
}
