/**
 * `course.catalogue.published`: the course service's sellable products with their prices, sent at start
 * and whenever they change. The payment service keeps a projection and prices every checkout from it.
 */
import { z } from 'zod';

export const CataloguePriceSchema = z.object({
  id: z.string().regex(/^[a-z0-9-]+$/),
  name: z.string(),
  /** Cents. */
  price: z.number().int().nonnegative(),
  /** The course buying this product gives access to, if any. */
  courseId: z.number().int().positive().nullable(),
});
export type CataloguePrice = z.infer<typeof CataloguePriceSchema>;

export const CourseCataloguePublishedSchema = z.object({
  products: z.array(CataloguePriceSchema),
  publishedAt: z.iso.datetime({ offset: true }),
});
export type CourseCataloguePublished = z.infer<typeof CourseCataloguePublishedSchema>;
