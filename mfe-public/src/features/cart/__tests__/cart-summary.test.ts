import { describe, expect, it } from '@jest/globals';
import {
  formatItemCount,
  getCartSummary,
  getCompareAtPrice,
  getDecreasedQuantity,
  getLineListTotal,
  getLineTotal,
} from '../lib/cart-summary';

describe('cart summary', () => {
  it('is all zeros for an empty cart', () => {
    expect(getCartSummary([])).toEqual({ itemCount: 0, subtotal: 0, discount: 0, total: 0 });
  });

  it('has no discount when no item has a compare-at price', () => {
    expect(
      getCartSummary([
        { price: 69700, quantity: 1 },
        { price: 1500, quantity: 2, compareAtPrice: null },
      ]),
    ).toEqual({ itemCount: 3, subtotal: 72700, discount: 0, total: 72700 });
  });

  it('counts the subtotal at list price and the difference as discount', () => {
    expect(getCartSummary([{ price: 69700, quantity: 2, compareAtPrice: 99700 }])).toEqual({
      itemCount: 2,
      subtotal: 199400,
      discount: 60000,
      total: 139400,
    });
  });

  it('mixes discounted and full-price lines', () => {
    const summary = getCartSummary([
      { price: 69700, quantity: 1, compareAtPrice: 99700 },
      { price: 2500, quantity: 3 },
    ]);
    expect(summary).toEqual({ itemCount: 4, subtotal: 107200, discount: 30000, total: 77200 });
    expect(summary.subtotal - summary.discount).toBe(summary.total);
  });

  it('ignores a compare-at price that is not above the price', () => {
    const item = { price: 5000, quantity: 1, compareAtPrice: 4000 };
    expect(getCompareAtPrice(item)).toBeNull();
    expect(getCartSummary([item])).toEqual({ itemCount: 1, subtotal: 5000, discount: 0, total: 5000 });
  });

  it('prices a line by quantity', () => {
    const item = { price: 1999, quantity: 3, compareAtPrice: 2999 };
    expect(getLineTotal(item)).toBe(5997);
    expect(getLineListTotal(item)).toBe(8997);
  });
});

describe('quantity', () => {
  it('the minus button floors at 1', () => {
    expect(getDecreasedQuantity(3)).toBe(2);
    expect(getDecreasedQuantity(2)).toBe(1);
    expect(getDecreasedQuantity(1)).toBe(1);
  });

  it('reads as items', () => {
    expect(formatItemCount(1)).toBe('1 item');
    expect(formatItemCount(2)).toBe('2 items');
  });
});
