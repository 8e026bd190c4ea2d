/** What the lines of a cart or a checkout come to, in integer cents (docs/decisions.md, 3). */

export type OrderTotals = {
  /** Number of units across all lines. */
  itemCount: number;
  /** Sum at list price: the compare-at price when present, else the price. */
  subtotal: number;
  /** subtotal − total, never negative. */
  discount: number;
  /** What is charged. */
  total: number;
};

/** Adds up the lines: each one's units, its total at list price and the total charged for it. */
export function sumOrderLines<Line extends { quantity: number }>(
  lines: readonly Line[],
  listTotal: (line: Line) => number,
  chargedTotal: (line: Line) => number,
): OrderTotals {
  let itemCount = 0;
  let subtotal = 0;
  let total = 0;
  for (const line of lines) {
    itemCount += line.quantity;
    subtotal += listTotal(line);
    total += chargedTotal(line);
  }
  return { itemCount, subtotal, discount: subtotal - total, total };
}
