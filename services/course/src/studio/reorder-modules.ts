/** `PUT /api/courses/:id/modules/order`: the course's sections in a new order (every one, once). */
import { COURSE_STUDIO_MESSAGES, type StudioSectionList } from '@platform/contracts';
import { AppError } from '@platform/service-kit/errors';
import { changeCourse, type CourseChangeDeps } from './change-course.js';
import { listStudioSections } from './get-studio-outline.js';
import { renumberModules } from './studio.repository.js';
import { listCourseModules } from '../learning/learning.repository.js';

export async function reorderModules(
  deps: CourseChangeDeps,
  courseId: number,
  moduleIds: number[],
): Promise<StudioSectionList> {
  return changeCourse(deps, courseId, async (tx) => {
    const current = await listCourseModules(tx, courseId, { includeDrafts: true });
    const known = new Set(current.map((module) => module.id));
    if (moduleIds.length !== known.size || moduleIds.some((id) => !known.has(id))) {
      throw new AppError('invalid', COURSE_STUDIO_MESSAGES.moduleOrder);
    }
    await renumberModules(tx, moduleIds);
    return listStudioSections(tx, courseId);
  });
}
