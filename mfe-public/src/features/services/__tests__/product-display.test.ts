import { describe, expect, it } from '@jest/globals';
import { capitalizeCategory, isPurchasable } from '../lib/product-display';

describe('product cards', () => {
  it('capitalises the category', () => {
    expect(capitalizeCategory('consulting')).toBe('Consulting');
    expect(capitalizeCategory('training')).toBe('Training');
    expect(capitalizeCategory('')).toBe('');
  });

  it('offers Add to Cart only for priced products', () => {
    expect(isPurchasable({ price: 69700 })).toBe(true);
    expect(isPurchasable({ price: 0 })).toBe(false);
  });
});
