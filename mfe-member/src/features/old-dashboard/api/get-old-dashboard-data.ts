/**
 * The older dashboard's reads (docs/behaviour/member-learning.md#api-calls): `GET /api/courses` (to find the
 * member's course),
 * `GET /api/courses/:id/available-modules` (the chapters with their drip state) and, for an opened
 * chapter, `GET /api/modules/:id/lessons`; through `courses/api`, so every member page shares one cache
 * entry per call. A 401 reads as null (signed out).
 */
import { useQuery } from '@tanstack/react-query';
import { availableModulesQuery } from '../../courses/api/get-available-modules';
import { coursesQuery } from '../../courses/api/get-courses';
import { moduleLessonsQuery } from '../../courses/api/get-module';

export function useDashboardCourses(enabled: boolean) {
  return useQuery(coursesQuery(enabled));
}

export function useChapters(courseId: number | undefined) {
  return useQuery(availableModulesQuery(courseId ?? 0, courseId !== undefined));
}

export function useChapterLessons(moduleId: number, enabled: boolean) {
  return useQuery(moduleLessonsQuery(moduleId, enabled));
}
