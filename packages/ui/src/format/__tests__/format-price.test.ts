import { describe, expect, it } from '@jest/globals';
import { formatPrice } from '../format-price';

describe('formatPrice', () => {
  it('shows cents as US dollars with 2 decimals', () => {
    expect(formatPrice(69700)).toBe('$697.00');
    expect(formatPrice(697)).toBe('$6.97');
    expect(formatPrice(29700)).toBe('$297.00');
    expect(formatPrice(0)).toBe('$0.00');
    expect(formatPrice(5)).toBe('$0.05');
  });

  it('groups thousands the en-US way and keeps the sign', () => {
    expect(formatPrice(123456789)).toBe('$1,234,567.89');
    expect(formatPrice(-29600)).toBe('-$296.00');
  });
});
