/**
 * Keeps completion true to the course after the studio changes it (docs/decisions.md, 46;
 * docs/behaviour/course-studio.md#what-members-keep): a section is completed when every one of its published
 * lessons is, and an enrolment when every published section is. Removing, hiding or moving lessons away
 * can leave a member with every remaining lesson done: the section (and then the course) is recorded as
 * completed now. Nothing is ever taken back: a lesson added to a finished section does not reopen it.
 */
import type { Executor } from '@platform/service-kit/db';
import {
  completeEnrolmentsFor,
  listCourseModules,
  listLessonsOfModules,
} from '../learning/learning.repository.js';
import { completeModuleFor, listUsersWhoCompletedAll } from './studio.repository.js';

export async function reconcileCompletion(
  tx: Executor,
  options: { courseId: number; now: Date },
): Promise<{ sections: number; enrolments: number }> {
  const modules = await listCourseModules(tx, options.courseId);
  const lessons = await listLessonsOfModules(
    tx,
    modules.map((module) => module.id),
  );
  let sections = 0;
  for (const module of modules) {
    const ids = lessons.filter((lesson) => lesson.moduleId === module.id).map((lesson) => lesson.id);
    // An empty section is not "all lessons done": it waits for its lessons or the member's own mark.
    if (ids.length === 0) continue;
    const userIds = await listUsersWhoCompletedAll(tx, 'lesson', ids);
    sections += await completeModuleFor(tx, { moduleId: module.id, userIds, at: options.now });
  }
  const finished = await listUsersWhoCompletedAll(
    tx,
    'module',
    modules.map((module) => module.id),
  );
  const enrolments = await completeEnrolmentsFor(tx, {
    courseId: options.courseId,
    userIds: finished,
    at: options.now,
  });
  return { sections, enrolments };
}
