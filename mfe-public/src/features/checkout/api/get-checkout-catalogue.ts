/**
 * The prices the checkout shows: `GET /api/products` for the cart's lines and `GET /api/course-preview`
 * for the course purchase. Same query keys and shapes as the services and course pages, so a visitor
 * coming from them reads the cache.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CoursePreview, ProductList } from '@platform/contracts';
import { apiRequest } from '@platform/ui';

async function listProducts(): Promise<ProductList> {
  const [response, { ProductListSchema }] = await Promise.all([
    apiRequest('GET', '/api/products'),
    import('@platform/contracts'),
  ]);
  return ProductListSchema.parse(await response.json());
}

async function getCoursePreview(): Promise<CoursePreview> {
  const [response, { CoursePreviewSchema }] = await Promise.all([
    apiRequest('GET', '/api/course-preview'),
    import('@platform/contracts'),
  ]);
  return CoursePreviewSchema.parse(await response.json());
}

export function useCatalogueProducts(enabled: boolean) {
  return useQuery({ ...queryOptions({ queryKey: ['/api/products'], queryFn: listProducts }), enabled });
}

export function useCourseForSale(enabled: boolean) {
  return useQuery({
    ...queryOptions({ queryKey: ['/api/course-preview'], queryFn: getCoursePreview }),
    enabled,
  });
}
