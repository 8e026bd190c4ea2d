/**
 * The prices the checkout shows: `GET /api/products` for the cart's lines and `GET /api/course-preview`
 * for the course purchase. Same query keys and shapes as the services and course pages, so a visitor
 * coming from them reads the cache.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CoursePreview, ProductList } from '@platform/contracts';
import { requestParsed } from '@platform/ui';

async function listProducts(): Promise<ProductList> {
  return requestParsed('GET', '/api/products', undefined, (contracts) => contracts.ProductListSchema);
}

async function getCoursePreview(): Promise<CoursePreview> {
  return requestParsed('GET', '/api/course-preview', undefined, (contracts) => contracts.CoursePreviewSchema);
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
