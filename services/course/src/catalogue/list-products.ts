/** The services catalogue (`GET /api/products`): active products in order, with what each includes. */
import type { Product, ProductList } from '@platform/contracts';
import type { Executor } from '@platform/service-kit';
import { countCourseContents, listActiveProducts } from './catalogue.repository.js';

export async function listProducts(db: Executor): Promise<ProductList> {
  const rows = await listActiveProducts(db);
  const courseIds = [...new Set(rows.flatMap((row) => (row.courseId === null ? [] : [row.courseId])))];
  const sizes = new Map((await countCourseContents(db, courseIds)).map((size) => [size.courseId, size]));
  return {
    products: rows.map((row): Product => {
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
    }),
  };
}
