/** `GET /api/products`: the services catalogue, parsed with the contract's schema. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductList } from '@platform/contracts';
import { apiRequest } from '@platform/ui';

export type { Product } from '@platform/contracts';

export async function listProducts(): Promise<ProductList> {
  // The schemas (and zod) load beside the request, not before the page's first paint.
  const [response, { ProductListSchema }] = await Promise.all([
    apiRequest('GET', '/api/products'),
    import('@platform/contracts'),
  ]);
  return ProductListSchema.parse(await response.json());
}

export function getProductsQueryOptions() {
  return queryOptions({ queryKey: ['/api/products'], queryFn: listProducts });
}

export function useProducts() {
  return useQuery(getProductsQueryOptions());
}
