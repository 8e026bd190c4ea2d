/** The course as a signed-in member's API calls read it, for specs that need its sections' ids and states. */
import { expect } from '@playwright/test';
import type { APIRequestContext } from '@playwright/test';

/** A section as `GET /api/courses/:id/available-modules` answers it for the signed-in account. */
export type CourseSection = {
  id: number;
  title: string;
  orderIndex: number;
  isAvailable: boolean;
  isCompleted: boolean;
  unlockDate: string | null;
};

/**
 * The course the account signed in on `request` is enrolled in, found as the pages find it (the courses,
 * then the enrolled one's available modules), with its sections in course order.
 */
export async function enrolledCourse(
  request: APIRequestContext,
): Promise<{ courseId: number; sections: CourseSection[] }> {
  const courses = (await (await request.get('/api/courses')).json()) as Array<{
    id: number;
    isEnrolled: boolean;
  }>;
  const course = courses.find((item) => item.isEnrolled);
  expect(course, 'the member is enrolled in a course').toBeTruthy();
  const response = await request.get(`/api/courses/${course!.id}/available-modules`);
  expect(response.status()).toBe(200);
  const sections = (await response.json()) as CourseSection[];
  return { courseId: course!.id, sections: sections.sort((a, b) => a.orderIndex - b.orderIndex) };
}
