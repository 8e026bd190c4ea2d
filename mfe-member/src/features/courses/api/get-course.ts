/** `GET /api/courses/:id`: one course's card for any signed-in caller (404 when missing); 401 reads as null. */
import { defineSignedInQueryFamily } from '@platform/ui';

const course = defineSignedInQueryFamily(
  (courseId: number) => ['/api/courses', courseId] as const,
  (contracts) => contracts.CourseSummarySchema,
);

export const courseQuery = course.options;
export const useCourse = course.use;
