/** `GET /api/course-preview`: the public course outline, parsed with the contract's schema. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CoursePreview } from '@platform/contracts';
import { apiRequest } from '@platform/ui';

export type { CoursePreview, PreviewLesson, PreviewSection } from '@platform/contracts';

export async function getCoursePreview(): Promise<CoursePreview> {
  // The schemas (and zod) load beside the request, not before the page's first paint.
  const [response, { CoursePreviewSchema }] = await Promise.all([
    apiRequest('GET', '/api/course-preview'),
    import('@platform/contracts'),
  ]);
  return CoursePreviewSchema.parse(await response.json());
}

export function getCoursePreviewQueryOptions() {
  return queryOptions({ queryKey: ['/api/course-preview'], queryFn: getCoursePreview });
}

export function useCoursePreview() {
  return useQuery(getCoursePreviewQueryOptions());
}
