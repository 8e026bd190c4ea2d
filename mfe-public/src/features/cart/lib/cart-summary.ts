/** Cart arithmetic in integer cents (docs/decisions.md, 3): list-price subtotal, discount, charged total. */
import { sumOrderLines } from '../../../lib/order-totals';
import type { OrderTotals } from '../../../lib/order-totals';

type SummaryItem = {
  price: number;
  quantity: number;
  compareAtPrice?: number | null;
};

export type CartSummary = OrderTotals;

/** The list (struck-through) unit price, or null when the item is not discounted. */
export function getCompareAtPrice(item: SummaryItem): number | null {
  const compareAt = item.compareAtPrice;
  return compareAt != null && compareAt > item.price ? compareAt : null;
}

export function getLineTotal(item: SummaryItem): number {
  return item.price * item.quantity;
}

export function getLineListTotal(item: SummaryItem): number {
  return (getCompareAtPrice(item) ?? item.price) * item.quantity;
}

export function getCartSummary(items: readonly SummaryItem[]): CartSummary {
  return sumOrderLines(items, getLineListTotal, getLineTotal);
}

/** The minus button never goes below 1 (removing is the remove button's job). */
export function getDecreasedQuantity(quantity: number): number {
  return Math.max(1, quantity - 1);
}

/** '1 item' / '3 items'. */
export function formatItemCount(count: number): string {
  return `${count} ${count === 1 ? 'item' : 'items'}`;
}
