/** Cart arithmetic in integer cents (docs/decisions.md, 3): list-price subtotal, discount, charged total. */

type SummaryItem = {
  price: number;
  quantity: number;
  compareAtPrice?: number | null;
};

export type CartSummary = {
  /** Number of units across all lines. */
  itemCount: number;
  /** Sum at list price: the compare-at price when present, else the price. */
  subtotal: number;
  /** subtotal − total, never negative. */
  discount: number;
  /** What is charged. */
  total: number;
};

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
  let itemCount = 0;
  let subtotal = 0;
  let total = 0;
  for (const item of items) {
    itemCount += item.quantity;
    subtotal += getLineListTotal(item);
    total += getLineTotal(item);
  }
  return { itemCount, subtotal, discount: subtotal - total, total };
}

/** The minus button never goes below 1 (removing is the remove button's job). */
export function getDecreasedQuantity(quantity: number): number {
  return Math.max(1, quantity - 1);
}

/** '1 item' / '3 items'. */
export function formatItemCount(count: number): string {
  return `${count} ${count === 1 ? 'item' : 'items'}`;
}
