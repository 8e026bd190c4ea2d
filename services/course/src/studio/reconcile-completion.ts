/**
 * Keeps completion true to the course after the studio changes it (docs/decisions.md, 46;
 * docs/behaviour/course-studio.md#what-members-keep): a section is completed when every one of its published
 * lessons is, and an enrolment when every published section is. Removing, hiding or moving lessons away
 * can leave a member with every remaining lesson done: the section (and then the course) is recorded as
 * completed now, and one whose course this completes gets its certificate, as finishing the last section
 * themselves would give it (docs/behaviour/member-learning.md#certificates). Nothing is ever taken back: a
 * lesson added to a finished section does not reopen it.
 */
import type { Executor } from '@platform/service-kit/db';
import { eq } from 'drizzle-orm';
import { issueCertificate } from '../certificates/issue-certificate.js';
import { courses } from '../db/schema.js';
import {
  completeEnrolmentsFor,
  listCourseModules,
  listLessonsOfModules,
} from '../learning/learning.repository.js';
import {
  completeModuleFor,
  listUnfinishedEnrolments,
  listUsersWhoCompletedAll,
} from './studio.repository.js';

export async function reconcileCompletion(
  tx: Executor,
  options: { courseId: number; now: Date; publicBaseUrl: string },
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
  // Read before they are completed: the learners this change finishes the course for.
  const finishing = await listUnfinishedEnrolments(tx, { courseId: options.courseId, userIds: finished });
  const enrolments = await completeEnrolmentsFor(tx, {
    courseId: options.courseId,
    userIds: finished,
    at: options.now,
  });
  if (finishing.length > 0) {
    const [course] = await tx
      .select({ id: courses.id, title: courses.title })
      .from(courses)
      .where(eq(courses.id, options.courseId));
    for (const learner of finishing) {
      await issueCertificate(tx, {
        learner,
        course: course!,
        now: options.now,
        publicBaseUrl: options.publicBaseUrl,
      });
    }
  }
  return { sections, enrolments };
}
