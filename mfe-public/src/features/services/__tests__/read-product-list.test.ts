import { describe, expect, it } from '@jest/globals';
import { ProductListSchema } from '@platform/contracts';
import { readProductList } from '../lib/read-product-list';

const PRODUCT = {
  id: 'restaurant-consultation',
  name: 'Restaurant Consultation',
  description: 'One consultation',
  price: 69700,
  compareAtPrice: null,
  category: 'consulting',
  image: '/api/products/images/restaurant-consultation.svg',
  includes: { courseId: 1, courseTitle: 'Restaurant Management Mastery', lessons: 45, sections: 8 },
  badge: null,
};

describe('the services catalogue read without zod', () => {
  it('accepts what the contract accepts, as it is', () => {
    const list = { products: [PRODUCT, { ...PRODUCT, id: 'menu-review', includes: null, badge: 'New' }] };
    expect(ProductListSchema.parse(list)).toEqual(list);
    expect(readProductList(list)).toBe(list);
  });

  it('refuses, as the contract does, an answer of another shape', () => {
    const broken = [
      undefined,
      { products: null },
      { products: [{ ...PRODUCT, price: null }] },
      { products: [{ ...PRODUCT, includes: { courseId: 1 } }] },
    ];
    for (const body of broken) {
      expect(ProductListSchema.safeParse(body).success).toBe(false);
      expect(() => readProductList(body)).toThrow('GET /api/products');
    }
  });
});
