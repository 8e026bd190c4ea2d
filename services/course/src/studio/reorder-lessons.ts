/**
 * `PUT /api/modules/:id/lessons/order`: the section's lessons in a new order. Every lesson of the section
 * is listed once; a lesson of another section of the same course listed here moves into this one (with
 * its members' progress). Answers the whole outline, since a move changes two sections.
 */
import {
  COURSE_STUDIO_MESSAGES,
  MODULE_NOT_FOUND_MESSAGE,
  type StudioSectionList,
} from '@platform/contracts';
import { AppError } from '@platform/service-kit/errors';
import { changeCourse, type CourseChangeDeps } from './change-course.js';
import { listStudioSections, sectionOrNotFound } from './get-studio-outline.js';
import { listAllLessons, renumberLessons } from './studio.repository.js';
import { listCourseModules } from '../learning/learning.repository.js';

export async function reorderLessons(
  deps: CourseChangeDeps,
  moduleId: number,
  lessonIds: number[],
): Promise<StudioSectionList> {
  const module = await sectionOrNotFound(deps.db, moduleId);
  return changeCourse(deps, module.courseId, async (tx) => {
    const modules = await listCourseModules(tx, module.courseId, { includeDrafts: true });
    if (!modules.some((candidate) => candidate.id === moduleId)) {
      throw new AppError('not_found', MODULE_NOT_FOUND_MESSAGE);
    }
    const lessons = await listAllLessons(
      tx,
      modules.map((candidate) => candidate.id),
    );
    const ofCourse = new Set(lessons.map((lesson) => lesson.id));
    const listed = new Set(lessonIds);
    const everyOwnListed = lessons
      .filter((lesson) => lesson.moduleId === moduleId)
      .every((lesson) => listed.has(lesson.id));
    if (!everyOwnListed || lessonIds.some((id) => !ofCourse.has(id))) {
      throw new AppError('invalid', COURSE_STUDIO_MESSAGES.lessonOrder);
    }
    await renumberLessons(tx, moduleId, lessonIds);
    return listStudioSections(tx, module.courseId);
  });
}
