/**
 * One product (`GET /api/products/:id`), listed or not, so a checkout can show the programme or plan it
 * sells; inactive and unknown products are not found.
 */
import type { Product } from '@platform/contracts';
import type { Executor } from '@platform/service-kit/db';
import { findActiveProduct } from './catalogue.repository.js';
import { toProducts } from './list-products.js';

export async function getProduct(db: Executor, id: string): Promise<Product | null> {
  const row = await findActiveProduct(db, id);
  if (!row) return null;
  const [product] = await toProducts(db, [row]);
  return product ?? null;
}
