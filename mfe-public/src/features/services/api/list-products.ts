/** `GET /api/products`: the services catalogue, checked against the contract's shape. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductList } from '@platform/contracts';
import { apiRequest } from '@platform/ui';
import { readProductList } from '../lib/read-product-list';

export type { Product } from '@platform/contracts';

export async function listProducts(): Promise<ProductList> {
  // Read without zod: the first view of /services does not download it (docs/decisions.md, 55).
  const response = await apiRequest('GET', '/api/products');
  return readProductList(await response.json());
}

export function getProductsQueryOptions() {
  return queryOptions({ queryKey: ['/api/products'], queryFn: listProducts });
}

export function useProducts() {
  return useQuery(getProductsQueryOptions());
}
