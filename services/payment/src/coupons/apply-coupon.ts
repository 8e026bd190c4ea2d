/**
 * A coupon on a priced order (docs/behaviour/checkout-and-payments.md#coupons). At checkout the code must
 * exist, have started, not have ended, have uses left (and, once per customer, none by this account) and
 * apply to a one-time line of the order; the discount comes off those lines: a percentage rounded to the
 * nearest cent, or an amount up to their sum. Any other case is a 400 with the code's message and nothing
 * is stored.
 *
 * At fulfilment `claimCoupon` counts the use again under the coupon's row lock, so two replicas or
 * parallel payments cannot take more uses than the coupon allows: a payment that finds it used up is
 * refunded automatically, like a second payment for what the account already owns.
 */
import { COUPON_MESSAGES, couponLabel } from '@platform/contracts';
import { AppError } from '@platform/service-kit/errors';
import { type Executor } from '@platform/service-kit/db';
import type { PricedLine, PricedOrder } from '../catalogue/price-order.js';
import { couponRedemptions } from '../db/schema.js';
import { accountEmailOf } from '../orders/owned-products.js';
import {
  countRedemptions,
  findCouponByCode,
  hasRedeemed,
  lockCoupon,
  type CouponRow,
} from './coupons.repository.js';

/** Lines a coupon can lower: one-time lines that cost something, of its products when it names some. */
function eligibleLines(coupon: CouponRow, lines: PricedLine[]): PricedLine[] {
  return lines.filter(
    (line) =>
      !line.billingInterval &&
      line.unitPrice > 0 &&
      (coupon.productIds.length === 0 || coupon.productIds.includes(line.productId)),
  );
}

/** Cents off: a percentage rounded half up to the cent, or the amount up to what the lines cost. */
export function discountOf(coupon: Pick<CouponRow, 'percentOff' | 'amountOff'>, eligible: number): number {
  if (coupon.percentOff !== null) return Math.floor((eligible * coupon.percentOff + 50) / 100);
  return Math.min(coupon.amountOff ?? 0, eligible);
}

export async function applyCoupon(
  db: Executor,
  priced: PricedOrder,
  code: string,
  options: { now: Date; accountEmail?: string },
): Promise<PricedOrder> {
  const coupon = await findCouponByCode(db, code);
  if (!coupon)
    throw new AppError('invalid', COUPON_MESSAGES.unknown(code), [issue(COUPON_MESSAGES.unknown(code))]);
  const refuse = (message: string) => new AppError('invalid', message, [issue(message)]);
  const now = options.now.getTime();
  if (coupon.startsAt && coupon.startsAt.getTime() > now) throw refuse(COUPON_MESSAGES.notStarted(code));
  if (coupon.endsAt && coupon.endsAt.getTime() <= now) throw refuse(COUPON_MESSAGES.expired(code));
  if (coupon.maxRedemptions !== null && (await countRedemptions(db, coupon.id)) >= coupon.maxRedemptions) {
    throw refuse(COUPON_MESSAGES.usedUp(code));
  }
  if (
    coupon.oncePerCustomer &&
    options.accountEmail &&
    (await hasRedeemed(db, coupon.id, options.accountEmail))
  ) {
    throw refuse(COUPON_MESSAGES.usedByYou(code));
  }
  const eligible = eligibleLines(coupon, priced.lines).reduce(
    (sum, line) => sum + line.unitPrice * line.quantity,
    0,
  );
  if (eligible === 0) throw refuse(COUPON_MESSAGES.notApplicable(code));
  const amount = discountOf(coupon, eligible);
  if (amount >= priced.total) throw refuse(COUPON_MESSAGES.makesFree(code));
  return {
    ...priced,
    total: priced.total - amount,
    discount: { couponId: coupon.id, code: coupon.code, label: couponLabel(coupon), amount },
  };
}

function issue(message: string) {
  return { path: 'couponCode', message };
}

export type CouponClaim = { ok: true } | { ok: false; reason: string };

/**
 * Checks, under the coupon's row lock, that the order may still use its coupon. Call `recordRedemption`
 * in the same transaction once the order is fulfilled.
 */
export async function checkCouponClaim(
  tx: Executor,
  order: { couponId: string | null; accountEmail: string | null; customerEmail: string },
): Promise<CouponClaim> {
  if (!order.couponId) return { ok: true };
  const coupon = await lockCoupon(tx, order.couponId);
  if (!coupon) return { ok: false, reason: 'the coupon no longer exists' };
  if (coupon.maxRedemptions !== null && (await countRedemptions(tx, coupon.id)) >= coupon.maxRedemptions) {
    return { ok: false, reason: `the coupon ${coupon.code} was used up by orders paid first` };
  }
  const account = accountEmailOf(order);
  if (coupon.oncePerCustomer && (await hasRedeemed(tx, coupon.id, account))) {
    return { ok: false, reason: `the account had used the coupon ${coupon.code} already` };
  }
  return { ok: true };
}

export async function recordRedemption(
  tx: Executor,
  order: { id: string; couponId: string | null; accountEmail: string | null; customerEmail: string },
  now: Date,
): Promise<void> {
  if (!order.couponId) return;
  await tx.insert(couponRedemptions).values({
    orderId: order.id,
    couponId: order.couponId,
    accountEmail: accountEmailOf(order),
    redeemedAt: now,
  });
}
