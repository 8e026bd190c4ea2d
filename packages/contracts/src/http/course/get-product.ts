/**
 * `GET /api/products/:id`: one active product, whether or not /services lists it (the pricing programmes
 * and membership plans are sold from their own pages), so a checkout can show what it sells. An unknown,
 * inactive or malformed id answers 404 with `PRODUCT_NOT_FOUND`.
 */
import { z } from 'zod';
import { ProductSchema } from './list-products.js';

export const PRODUCT_NOT_FOUND = 'Product not found';

/** A product id as it may appear in a path or `?product=`: a slug. */
export const ProductIdSchema = z.string().regex(/^[a-z0-9-]{1,80}$/, PRODUCT_NOT_FOUND);
/** The path parameters of `GET /api/products/:id`. */
export const ProductIdParamsSchema = z.object({ id: ProductIdSchema });

export const GetProductResponseSchema = ProductSchema;
export type GetProductResponse = z.infer<typeof GetProductResponseSchema>;
