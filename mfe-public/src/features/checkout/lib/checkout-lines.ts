/**
 * What the checkout shows and sends. Display prices come from the catalogue (`GET /api/products`, the
 * course's own price for the course purchase, `GET /api/products/:id` for a single product) when it has
 * answered, else from the cart; either way the server prices the order again from its own catalogue
 * (docs/decisions.md, 2), so these numbers never bind it.
 */
import { COURSE_PRODUCT_ID } from '@platform/contracts';
import { sumOrderLines } from '../../../lib/order-totals';
import type { OrderTotals } from '../../../lib/order-totals';

export type PaymentMethod = 'card' | 'paypal';

export type CheckoutLineView = {
  id: string;
  name: string;
  quantity: number;
  /** Cents. */
  unitPrice: number;
  /** Struck-through list price in cents, when higher than the price. */
  compareAtPrice: number | null;
};

type CartLike = { id: string; name: string; price: number; quantity: number; compareAtPrice?: number | null };
type CatalogueLike = { id: string; name: string; price: number; compareAtPrice: number | null };

export type CheckoutParams = {
  /** `/checkout?course=1`: buy the course alone, whatever the cart holds. */
  isCoursePurchase: boolean;
  /**
   * `/checkout?product=<id>`: buy exactly that product, once, whatever the cart holds (the pricing
   * programmes, the membership plans). Wins over `course=1`. As typed: an id that is no product's is
   * answered 'not found' by the catalogue.
   */
  productId: string | null;
  /** `?method=paypal` preselects the wallet (the membership page's PayPal tab links here). */
  method: PaymentMethod;
  /** `?plan=…`: the pricing or membership plan that led here, kept as `payment_plan_type`. */
  plan: string | null;
};

const PLAN_PATTERN = /^[a-z_]{1,40}$/;

export function readCheckoutParams(search: URLSearchParams): CheckoutParams {
  const course = search.get('course');
  const product = search.get('product');
  const plan = search.get('plan');
  return {
    isCoursePurchase: product === null && (course === '1' || course === 'true'),
    productId: product === null ? null : product.trim().slice(0, 200),
    method: search.get('method') === 'paypal' ? 'paypal' : 'card',
    plan: plan && PLAN_PATTERN.test(plan) ? plan : null,
  };
}

/** The URL of the course purchase (the pricing and membership pages send buyers here). */
export function getCoursePurchasePath(options: { plan?: string; method?: PaymentMethod } = {}): string {
  const search = new URLSearchParams({ course: '1' });
  if (options.method) search.set('method', options.method);
  if (options.plan) search.set('plan', options.plan);
  return `/checkout?${search.toString()}`;
}

function listPrice(price: number, compareAt: number | null | undefined): number | null {
  return compareAt != null && compareAt > price ? compareAt : null;
}

/** The cart's lines, repriced from the catalogue where it knows the product. */
export function priceCartLines(
  items: readonly CartLike[],
  catalogue: readonly CatalogueLike[] | undefined,
): CheckoutLineView[] {
  return items.map((item) => {
    const product = catalogue?.find((entry) => entry.id === item.id);
    const unitPrice = product?.price ?? item.price;
    return {
      id: item.id,
      name: product?.name ?? item.name,
      quantity: item.quantity,
      unitPrice,
      compareAtPrice: listPrice(unitPrice, product ? product.compareAtPrice : item.compareAtPrice),
    };
  });
}

/** The course purchase: exactly one course, at the course's own price. */
export function getCourseLine(course: { title: string; price: number }): CheckoutLineView {
  return {
    id: COURSE_PRODUCT_ID,
    name: course.title,
    quantity: 1,
    unitPrice: course.price,
    compareAtPrice: null,
  };
}

/** A single product's purchase: exactly that product, once, at the catalogue's price. */
export function getProductLine(product: CatalogueLike): CheckoutLineView {
  return {
    id: product.id,
    name: product.name,
    quantity: 1,
    unitPrice: product.price,
    compareAtPrice: listPrice(product.price, product.compareAtPrice),
  };
}

export type CheckoutTotals = OrderTotals;

export function getCheckoutTotals(lines: readonly CheckoutLineView[]): CheckoutTotals {
  return sumOrderLines(
    lines,
    (line) => (line.compareAtPrice ?? line.unitPrice) * line.quantity,
    (line) => line.unitPrice * line.quantity,
  );
}

/**
 * The request's `items` (docs/behaviour/checkout-and-payments.md#api-calls): `{ id, name, price, quantity }`;
 * name and price are display only.
 */
export function toRequestItems(lines: readonly CheckoutLineView[]) {
  return lines.map(({ id, name, unitPrice, quantity }) => ({ id, name, price: unitPrice, quantity }));
}

/**
 * The wallet call's amount: dollars rounded to 2 decimals
 * (docs/behaviour/checkout-and-payments.md#payment-flows).
 */
export function toWalletAmount(totalCents: number): number {
  return Math.round(totalCents) / 100;
}
