/** `GET /api/course-media` (admin only): the stored files a lesson may name, for the video field's picker. */
import { useQuery } from '@tanstack/react-query';
import { CourseMediaListSchema } from '@platform/contracts';
import type { CourseMediaList } from '@platform/contracts';
import { getQueryFn } from '@platform/ui';

const read = getQueryFn<unknown>({ on401: 'throw' });

/** The list's cache entry: a finished upload marks it stale, so the studio's pickers offer the new file. */
export const COURSE_MEDIA_KEY = ['/api/course-media'] as const;

export function useCourseMedia(enabled: boolean) {
  return useQuery({
    queryKey: COURSE_MEDIA_KEY,
    enabled,
    queryFn: async (context): Promise<CourseMediaList> => CourseMediaListSchema.parse(await read(context)),
  });
}
