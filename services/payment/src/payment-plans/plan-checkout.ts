/**
 * A checkout of Flexible Payments charges its first instalment (docs/behaviour/checkout-and-payments.md#payment-plan):
 * the lines keep the programme's price, the order's total is the first of the three instalments. The plan
 * is bought alone, by card, without a coupon, by a signed-in buyer (whose card on file pays the rest), and
 * only where that card can be charged later: the built-in test provider, or Stripe, whose checkout keeps
 * the card for off-session use (docs/decisions.md, 113).
 */
import {
  PAYMENT_PLAN_INSTALMENTS,
  PAYMENT_PLAN_MESSAGES,
  PAYMENT_PLAN_PRODUCT_ID,
  splitInstalments,
} from '@platform/contracts';
import { AppError } from '@platform/service-kit/errors';
import type { PricedOrder } from '../catalogue/price-order.js';
import type { PaymentProvider } from '../providers/payment-provider.js';

/** The card providers whose checkout keeps the card for the later instalments. */
const PLAN_PROVIDERS: ReadonlySet<PaymentProvider['name']> = new Set(['test', 'stripe']);

export function isPlanOrder(lines: readonly { productId: string }[]): boolean {
  return lines.some((line) => line.productId === PAYMENT_PLAN_PRODUCT_ID);
}

/** What the provider is told of a plan's order: it charges the first instalment and keeps the card. */
export function planInstalmentOf(
  lines: readonly { productId: string }[],
): { number: number; of: number } | undefined {
  return isPlanOrder(lines) ? { number: 1, of: PAYMENT_PLAN_INSTALMENTS } : undefined;
}

/** What the checkout charges now: the priced order itself, or a plan's first instalment. */
export function pricePlanCheckout(
  priced: PricedOrder,
  checkout: { method: 'card' | 'wallet'; provider: PaymentProvider; signedIn: boolean; couponCode?: string },
): PricedOrder {
  if (!isPlanOrder(priced.lines)) return priced;
  if (priced.lines.length > 1) throw new AppError('invalid', PAYMENT_PLAN_MESSAGES.alone);
  if (checkout.couponCode) throw new AppError('invalid', PAYMENT_PLAN_MESSAGES.noCoupon);
  if (checkout.method !== 'card') throw new AppError('invalid', PAYMENT_PLAN_MESSAGES.cardOnly);
  if (!checkout.signedIn) throw new AppError('unauthenticated', PAYMENT_PLAN_MESSAGES.signInRequired);
  if (!PLAN_PROVIDERS.has(checkout.provider.name))
    throw new AppError('unavailable', PAYMENT_PLAN_MESSAGES.unavailable);
  return { ...priced, total: splitInstalments(priced.total)[0]! };
}
