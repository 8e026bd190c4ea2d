/**
 * `course.catalogue.published`: the course service's sellable products with their prices, sent at start
 * and whenever they change. The payment service keeps a projection and prices every checkout from it.
 */
import { z } from 'zod';
import { isoDateTime } from '../http/fields.js';

/** How often a recurring product (a membership plan) bills; one-time products have none. */
export const BillingIntervalSchema = z.enum(['month', 'year']);
export type BillingInterval = z.infer<typeof BillingIntervalSchema>;

export const CataloguePriceSchema = z.object({
  id: z.string().regex(/^[a-z0-9-]+$/),
  name: z.string(),
  /** Cents. */
  price: z.number().int().nonnegative(),
  /** The course buying this product gives access to, if any. */
  courseId: z.number().int().positive().nullable(),
  /**
   * Recurring products bill every `intervalCount` `interval`s (month×1, month×3, year×1); null or absent
   * for a one-time product. Optional so catalogues published before billing intervals still parse.
   */
  interval: BillingIntervalSchema.nullable().optional(),
  intervalCount: z.number().int().positive().nullable().optional(),
});
export type CataloguePrice = z.infer<typeof CataloguePriceSchema>;

export const CourseCataloguePublishedSchema = z.object({
  products: z.array(CataloguePriceSchema),
  publishedAt: isoDateTime,
  /**
   * The course catalogue's version this list was read at (each publication's is higher than every one
   * committed before it): a consumer keeps the highest, even of two stamped in the same millisecond.
   * Added after version 1 shipped: optional, so older events still parse (compare those by `publishedAt`).
   */
  version: z.number().int().positive().optional(),
});
export type CourseCataloguePublished = z.infer<typeof CourseCataloguePublishedSchema>;

/**
 * Whether a published catalogue is newer than the one a consumer applied (null: none yet): by `version`
 * when both carry one, by `publishedAt` otherwise (catalogues sent before versions).
 */
export function isNewerCatalogue(
  published: Pick<CourseCataloguePublished, 'publishedAt' | 'version'>,
  applied: { publishedAt: Date; version: number | null } | null,
): boolean {
  if (!applied) return true;
  const version = published.version ?? null;
  return version !== null && applied.version !== null
    ? version > applied.version
    : new Date(published.publishedAt).getTime() > applied.publishedAt.getTime();
}
