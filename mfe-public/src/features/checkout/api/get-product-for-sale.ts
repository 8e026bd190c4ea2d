/**
 * `GET /api/products/:id`: the one product a `/checkout?product=<id>` purchase sells, listed on /services
 * or not. Null when the catalogue has no such product for sale (404, or an id that cannot be one), so the
 * page can say so; any other failure is an error to retry.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Product } from '@platform/contracts';
import { ApiError, apiRequest } from '@platform/ui';

export async function getProductForSale(id: string): Promise<Product | null> {
  const { GetProductResponseSchema, ProductIdSchema } = await import('@platform/contracts');
  if (!ProductIdSchema.safeParse(id).success) return null;
  try {
    const response = await apiRequest('GET', `/api/products/${encodeURIComponent(id)}`);
    return GetProductResponseSchema.parse(await response.json());
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export function useProductForSale(id: string | null) {
  return useQuery({
    ...queryOptions({
      queryKey: ['/api/products', id ?? ''],
      queryFn: () => getProductForSale(id ?? ''),
    }),
    enabled: id !== null,
  });
}
