/** `GET /api/products`' answer, checked against ProductListSchema's shape without zod (lib/check-shape.ts). */
import type { ProductList } from '@platform/contracts';
import { isArrayOf, isNumber, isObjectWith, isString, orNull, readAs } from '../../../lib/check-shape';

const isProduct = isObjectWith({
  id: isString,
  name: isString,
  description: isString,
  price: isNumber,
  compareAtPrice: orNull(isNumber),
  category: isString,
  image: isString,
  includes: orNull(
    isObjectWith({ courseId: isNumber, courseTitle: isString, lessons: isNumber, sections: isNumber }),
  ),
  badge: orNull(isString),
});

export function readProductList(body: unknown): ProductList {
  return readAs<ProductList>(body, isObjectWith({ products: isArrayOf(isProduct) }), 'GET /api/products');
}
