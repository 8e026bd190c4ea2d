/** `GET /api/course-preview`: the public course outline, checked against the contract's shape. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CoursePreview } from '@platform/contracts';
import { apiRequest } from '@platform/ui';
import { readCoursePreview } from '../lib/read-course-preview';

export type { CoursePreview, PreviewLesson, PreviewSection } from '@platform/contracts';

export async function getCoursePreview(): Promise<CoursePreview> {
  // Read without zod: the first view of `/` does not download it (docs/decisions.md, 55).
  const response = await apiRequest('GET', '/api/course-preview');
  return readCoursePreview(await response.json());
}

export function getCoursePreviewQueryOptions() {
  return queryOptions({ queryKey: ['/api/course-preview'], queryFn: getCoursePreview });
}

export function useCoursePreview() {
  return useQuery(getCoursePreviewQueryOptions());
}
