/** `GET /api/courses/:id`: one course's card for any signed-in caller (404 when missing); 401 reads as null. */
import { defineParsedQueryFamily } from '@platform/ui';

const course = defineParsedQueryFamily(
  (courseId: number) => ['/api/courses', courseId] as const,
  (contracts) => contracts.CourseSummarySchema,
  { on401: 'returnNull' },
);

export const courseQuery = course.options;
export const useCourse = course.use;
