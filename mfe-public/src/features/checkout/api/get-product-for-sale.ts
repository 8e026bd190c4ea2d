/**
 * `GET /api/products/:id`: the one product a `/checkout?product=<id>` purchase sells, listed on /services
 * or not. Null when the catalogue has no such product for sale (404, or an id that cannot be one), so the
 * page can say so; any other failure is an error to retry.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Product } from '@platform/contracts';
import { apiRequest } from '@platform/ui';

/** apiRequest's errors read `<status>: <body>` (public-site spec §8). */
const NOT_FOUND = /^404:/;

export async function getProductForSale(id: string): Promise<Product | null> {
  const { GetProductResponseSchema, ProductIdSchema } = await import('@platform/contracts');
  if (!ProductIdSchema.safeParse(id).success) return null;
  try {
    const response = await apiRequest('GET', `/api/products/${encodeURIComponent(id)}`);
    return GetProductResponseSchema.parse(await response.json());
  } catch (error) {
    if (error instanceof Error && NOT_FOUND.test(error.message)) return null;
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
