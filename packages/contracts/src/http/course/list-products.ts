/** `GET /api/products`: the services catalogue (priced by the server; a browser's price is never trusted). */
import { z } from 'zod';

export const ProductSchema = z.object({
  /** Slug, e.g. `restaurant-consultation`. */
  id: z.string().regex(/^[a-z0-9-]+$/),
  name: z.string(),
  description: z.string(),
  /** Cents; 0 means included with another product ('Included'). */
  price: z.number().int().nonnegative(),
  /** List price in cents, struck through when present. */
  compareAtPrice: z.number().int().nonnegative().nullable(),
  category: z.string(),
  /** Picture path, e.g. `/api/products/images/restaurant-consultation.svg` (served by the course service). */
  image: z.string(),
  /** What buying it includes, computed from the catalogue (e.g. '45 lessons • 8 sections'). */
  includes: z
    .object({
      courseId: z.number().int().positive(),
      courseTitle: z.string(),
      lessons: z.number().int(),
      sections: z.number().int(),
    })
    .nullable(),
  badge: z.string().nullable(),
});
export type Product = z.infer<typeof ProductSchema>;

export const ProductListSchema = z.object({ products: z.array(ProductSchema) });
export type ProductList = z.infer<typeof ProductListSchema>;
