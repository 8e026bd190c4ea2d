/**
 * `GET /api/lessons/:id/navigation`: the lesson's place in its course (its section, the lessons before and
 * after it, each open or locked with its release time). Titles and times only: a locked lesson's content
 * never leaves `GET /api/lessons/:id`, which still refuses it, but the page can say when it opens.
 */
import { LESSON_NOT_FOUND_MESSAGE, type LessonNavigation, type LessonStop } from '@platform/contracts';
import type { Executor } from '@platform/service-kit/db';
import { AppError } from '@platform/service-kit/errors';
import type { LessonRow } from '../catalogue/catalogue.repository.js';
import {
  isLessonOpen,
  loadCourseStateWithLessons,
  type CourseStateWithLessons,
  type SignedInCaller,
} from './course-access.js';
import { findLesson } from './learning.repository.js';

function toLessonStop(state: CourseStateWithLessons, lesson: LessonRow): LessonStop {
  const section = state.sections.get(lesson.moduleId);
  const progress = state.progress.get(lesson.id);
  const open = isLessonOpen(state, lesson, progress);
  return {
    id: lesson.id,
    moduleId: lesson.moduleId,
    title: lesson.title,
    isLocked: !open,
    completed: progress?.completed ?? false,
    unlockDate: section?.unlockDate?.toISOString() ?? null,
    lockedReason: open ? null : (section?.lockedReason ?? null),
  };
}

export async function getLessonNavigation(
  db: Executor,
  call: { caller: SignedInCaller; now: Date; lessonId: number },
): Promise<LessonNavigation> {
  const found = await findLesson(db, call.lessonId);
  if (!found || (!found.isVisible && call.caller.role !== 'admin')) {
    throw new AppError('not_found', LESSON_NOT_FOUND_MESSAGE);
  }
  // Refuses (403) a caller without the course exactly as the lesson itself does.
  const state = await loadCourseStateWithLessons(db, { ...call, courseId: found.courseId });
  // Course order: sections in order, then each section's lessons in order (the list is per section already).
  const ordered = state.modules.flatMap((module) =>
    state.lessons.filter((lesson) => lesson.moduleId === module.id),
  );
  const index = ordered.findIndex((lesson) => lesson.id === found.lesson.id);
  const sectionIndex = state.modules.findIndex((module) => module.id === found.lesson.moduleId);
  const section = state.modules[sectionIndex]!;
  const previous = index > 0 ? ordered[index - 1] : undefined;
  const next = ordered[index + 1];
  return {
    courseId: found.courseId,
    section: { id: section.id, title: section.title, number: sectionIndex + 1 },
    lesson: toLessonStop(state, found.lesson),
    previous: previous ? toLessonStop(state, previous) : null,
    next: next ? toLessonStop(state, next) : null,
  };
}
