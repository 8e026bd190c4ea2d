/**
 * Prices an order from the catalogue projection by product id (docs/decisions.md, 2): whatever name or price
 * the browser sent is ignored. Repeated ids are merged into one line.
 */
import { MAX_LINE_QUANTITY, type CheckoutLine } from '@platform/contracts';
import type { Executor } from '@platform/service-kit/db';
import { AppError } from '@platform/service-kit/errors';
import { findActiveProducts, hasCatalogue } from './catalogue.repository.js';

export const PRICING_MESSAGES = {
  unknownProduct: (id: string) => `Unknown product: ${id}`,
  nothingToPay: 'Your order has nothing to pay for. Please add a paid product to your cart.',
  catalogueUnavailable: 'The catalogue is not available yet. Please try again in a moment.',
  tooMany: `Quantity must be a whole number from 1 to ${MAX_LINE_QUANTITY}.`,
} as const;

export interface PricedLine {
  productId: string;
  name: string;
  /** Cents. */
  unitPrice: number;
  quantity: number;
  courseId: number | null;
  /** Set on a recurring product (a membership plan): it bills every `billingIntervalCount` intervals. */
  billingInterval: 'month' | 'year' | null;
  billingIntervalCount: number | null;
}

export interface PricedDiscount {
  couponId: string;
  code: string;
  /** How the summary, receipt and invoice name it. */
  label: string;
  /** Cents off the lines. */
  amount: number;
}

export interface PricedOrder {
  lines: PricedLine[];
  /** Cents, after the discount. */
  total: number;
  currency: 'USD';
  /** A coupon's discount (coupons/apply-coupon.ts). */
  discount?: PricedDiscount;
}

export async function priceOrder(db: Executor, items: CheckoutLine[]): Promise<PricedOrder> {
  const quantities = new Map<string, number>();
  for (const item of items) quantities.set(item.id, (quantities.get(item.id) ?? 0) + item.quantity);
  for (const quantity of quantities.values()) {
    if (quantity > MAX_LINE_QUANTITY) throw new AppError('invalid', PRICING_MESSAGES.tooMany);
  }

  const products = new Map(
    (await findActiveProducts(db, [...quantities.keys()])).map((product) => [product.id, product]),
  );
  const lines: PricedLine[] = [];
  for (const [id, quantity] of quantities) {
    const product = products.get(id);
    if (!product) {
      if (!(await hasCatalogue(db))) throw new AppError('unavailable', PRICING_MESSAGES.catalogueUnavailable);
      throw new AppError('invalid', PRICING_MESSAGES.unknownProduct(id));
    }
    lines.push({
      productId: product.id,
      name: product.name,
      unitPrice: product.price,
      quantity,
      courseId: product.courseId,
      billingInterval: product.billingInterval,
      billingIntervalCount: product.billingIntervalCount,
    });
  }
  const total = lines.reduce((sum, line) => sum + line.unitPrice * line.quantity, 0);
  if (total <= 0) throw new AppError('invalid', PRICING_MESSAGES.nothingToPay);
  return { lines, total, currency: 'USD' };
}
