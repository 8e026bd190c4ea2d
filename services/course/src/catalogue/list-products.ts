/**
 * The services catalogue (`GET /api/products`): the listed, active products in order, with what each
 * includes. Unlisted ones (the pricing programmes, the membership plans) are sold from their own pages.
 */
import type { Product, ProductList } from '@platform/contracts';
import type { Executor } from '@platform/service-kit/db';
import { countCourseContents, listActiveProducts, type ProductRow } from './catalogue.repository.js';

/** Product rows as the browser reads them, with the sizes of the courses they grant. */
export async function toProducts(db: Executor, rows: ProductRow[]): Promise<Product[]> {
  const courseIds = [...new Set(rows.flatMap((row) => (row.courseId === null ? [] : [row.courseId])))];
  const sizes = new Map((await countCourseContents(db, courseIds)).map((size) => [size.courseId, size]));
  return rows.map((row): Product => {
    const size = row.courseId === null ? undefined : sizes.get(row.courseId);
    return {
      id: row.id,
      name: row.name,
      description: row.description,
      price: row.price,
      compareAtPrice: row.compareAtPrice,
      category: row.category,
      image: row.image,
      includes: size
        ? {
            courseId: size.courseId,
            courseTitle: size.title,
            lessons: size.lessons,
            sections: size.sections,
          }
        : null,
      badge: row.badge,
    };
  });
}

export async function listProducts(db: Executor): Promise<ProductList> {
  return { products: await toProducts(db, await listActiveProducts(db, { listedOnly: true })) };
}
