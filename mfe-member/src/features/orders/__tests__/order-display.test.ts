/** Orders & billing: the guarantee's state and the order's subtotal. */
import { describe, expect, it } from '@jest/globals';
import { guaranteeOf, subtotalOf } from '../lib/order-display';

describe('orders and billing', () => {
  const now = new Date('2030-03-10T12:00:00Z');

  it('offers a refund until the guarantee ends, then says it ended, and nothing for other states', () => {
    expect(guaranteeOf({ status: 'fulfilled', refundableUntil: '2030-03-31T10:00:00Z' }, now)).toEqual({
      kind: 'refundable',
      until: new Date('2030-03-31T10:00:00Z'),
    });
    expect(guaranteeOf({ status: 'fulfilled', refundableUntil: '2030-03-10T11:59:59Z' }, now)).toEqual({
      kind: 'ended',
      endedOn: new Date('2030-03-10T11:59:59Z'),
    });
    expect(guaranteeOf({ status: 'refunded', refundableUntil: null }, now)).toEqual({ kind: 'none' });
    expect(guaranteeOf({ status: 'paid', refundableUntil: null }, now)).toEqual({ kind: 'none' });
  });

  it('adds the lines before the discount', () => {
    expect(
      subtotalOf({
        lines: [
          { productId: 'a', name: 'A', unitPrice: 69700, quantity: 1 },
          { productId: 'b', name: 'B', unitPrice: 0, quantity: 2 },
        ],
      }),
    ).toBe(69700);
  });
});
