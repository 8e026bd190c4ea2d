/**
 * The course the studio edits (the first of `GET /api/courses`, which gives the admin every course) and its
 * outline, `GET /api/courses/:id/modules` (admin only): every section and lesson, drafts included. A 401 or
 * 403 is an error here, which the admin access handling turns into 'Unauthorized' / 'Access Denied'.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { StudioSectionList } from '@platform/contracts';
import { defineParsedQuery, defineParsedQueryFamily } from '@platform/ui';
import { refreshCourseReaders, studioSectionsKey } from './studio-keys';

const studioCourses = defineParsedQuery(['/api/courses'], (contracts) => contracts.CourseListSchema);
const studioSections = defineParsedQueryFamily(
  studioSectionsKey,
  (contracts) => contracts.StudioSectionListSchema,
);

/** How often the outline is read again while a lesson's video waits for or goes through transcoding. */
export const TRANSCODE_REFRESH_MS = 2000;

/** Whether any lesson's video is still queued or being transcoded (its badge then moves on by itself). */
export function isTranscoding(sections: StudioSectionList | undefined): boolean {
  return (sections ?? []).some((section) =>
    section.lessons.some((lesson) => lesson.transcode?.status === 'queued'),
  );
}

export const useStudioCourses = () => studioCourses.use();

export function useStudioSections(courseId: number | null) {
  return useQuery({
    ...studioSections.options(courseId ?? 0, courseId !== null),
    // 'Waiting to transcode' → 'Transcoding N%' → 'Adaptive streaming ready' without a reload.
    refetchInterval: (query) => (isTranscoding(query.state.data) ? TRANSCODE_REFRESH_MS : false),
  });
}

/**
 * Reads the outline again at once and answers it: a form whose save was refused because the row changed
 * meanwhile (409), or whose answer was lost, reloads it this way.
 */
export function useReloadStudioSections(courseId: number) {
  const queryClient = useQueryClient();
  return async (): Promise<StudioSectionList | undefined> => {
    const key = studioSectionsKey(courseId);
    await queryClient.refetchQueries({ queryKey: key, exact: true }, { throwOnError: true });
    // A save whose answer was lost is found this way: the course's other reads may show it too.
    void refreshCourseReaders(queryClient, courseId);
    return queryClient.getQueryData<StudioSectionList>(key);
  };
}
