/** `GET /api/course-media` (admin only): the stored files a lesson may name, for the video field's picker. */
import { useQuery } from '@tanstack/react-query';
import { CourseMediaListSchema } from '@platform/contracts';
import type { CourseMediaList } from '@platform/contracts';
import { getQueryFn } from '@platform/ui';

const read = getQueryFn<unknown>({ on401: 'throw' });

export function useCourseMedia(enabled: boolean) {
  return useQuery({
    queryKey: ['/api/course-media'],
    enabled,
    queryFn: async (context): Promise<CourseMediaList> => CourseMediaListSchema.parse(await read(context)),
  });
}
