/**
 * The course the studio edits (the first of `GET /api/courses`, which gives the admin every course) and its
 * outline, `GET /api/courses/:id/modules` (admin only): every section and lesson, drafts included. A 401 or
 * 403 is an error here, which the admin access handling turns into 'Unauthorized' / 'Access Denied'.
 */
import { useQuery } from '@tanstack/react-query';
import { CourseListSchema, StudioSectionListSchema } from '@platform/contracts';
import type { CourseList, StudioSectionList } from '@platform/contracts';
import { getQueryFn } from '@platform/ui';
import { studioSectionsKey } from './studio-keys';

const read = getQueryFn<unknown>({ on401: 'throw' });

/** How often the outline is read again while a lesson's video waits for or goes through transcoding. */
export const TRANSCODE_REFRESH_MS = 2000;

/** Whether any lesson's video is still queued or being transcoded (its badge then moves on by itself). */
export function isTranscoding(sections: StudioSectionList | undefined): boolean {
  return (sections ?? []).some((section) =>
    section.lessons.some((lesson) => lesson.transcode?.status === 'queued'),
  );
}

export function useStudioCourses() {
  return useQuery({
    queryKey: ['/api/courses'],
    queryFn: async (context): Promise<CourseList> => CourseListSchema.parse(await read(context)),
  });
}

export function useStudioSections(courseId: number | null) {
  return useQuery<StudioSectionList>({
    queryKey: studioSectionsKey(courseId ?? 0),
    enabled: courseId !== null,
    // 'Waiting to transcode' → 'Transcoding N%' → 'Adaptive streaming ready' without a reload.
    refetchInterval: (query) => (isTranscoding(query.state.data) ? TRANSCODE_REFRESH_MS : false),
    queryFn: async (context): Promise<StudioSectionList> =>
      StudioSectionListSchema.parse(await read(context)),
  });
}
