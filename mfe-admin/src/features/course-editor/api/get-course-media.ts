/** `GET /api/course-media` (admin only): the stored files a lesson may name, for the video field's picker. */
import { defineParsedQuery } from '@platform/ui';

const courseMedia = defineParsedQuery(['/api/course-media'], (contracts) => contracts.CourseMediaListSchema);

/** The list's cache entry: a finished upload marks it stale, so the studio's pickers offer the new file. */
export const COURSE_MEDIA_KEY = courseMedia.queryKey;
export const useCourseMedia = courseMedia.use;
