/** The member-side operations: reads with the caller's drip state, and progress writes. */
import {
  COURSE_NOT_FOUND_MESSAGE,
  LESSON_NOT_FOUND_MESSAGE,
  MODULE_NOT_FOUND_MESSAGE,
  SECTION_LOCKED_MESSAGE,
  type AvailableModule,
  type AvailableModuleList,
  type CourseList,
  type CourseSummary,
  type MemberLesson,
  type MemberLessonList,
} from '@platform/contracts';
import type { Database, Executor } from '@platform/service-kit/db';
import { AppError } from '@platform/service-kit/errors';
import { countCourseContents } from '../catalogue/catalogue.repository.js';
import { issueCertificate } from '../certificates/issue-certificate.js';
import {
  assertLessonOpen,
  assertMember,
  isLessonOpen,
  loadCourseState,
  loadCourseStateWithLessons,
  type CourseStateWithLessons,
  type SignedInCaller,
} from './course-access.js';
import {
  completeEnrolmentsFor,
  findCourse,
  findLesson,
  findModule,
  findResumePoints,
  insertUnlockNotice,
  listCoursesFor,
  listLessonProgress,
  listLessonsOfModules,
  listStandingEnrolments,
  listUnlockNotices,
  lockLearnerProgress,
  markLessonCompleted,
  markLessonsCompleted,
  markModuleCompleted,
  saveLessonPosition as saveLessonPositionRow,
} from './learning.repository.js';
import { toAvailableModule, toCourseSummary, toMemberLesson } from './to-views.js';

interface Call {
  caller: SignedInCaller;
  now: Date;
}

/** What a completion needs to draw the certificate it may issue: the site's address, printed on the PDF. */
interface CertificateSite {
  publicBaseUrl: string;
}

async function summarise(db: Executor, caller: SignedInCaller, courseIds: number[]) {
  const [sizes, enrolments, resumes] = await Promise.all([
    countCourseContents(db, courseIds),
    listStandingEnrolments(db, caller.userId, courseIds),
    findResumePoints(db, caller.userId, courseIds, { includeDrafts: caller.role === 'admin' }),
  ]);
  return {
    size: new Map(sizes.map((size) => [size.courseId, size])),
    enrolment: new Map(enrolments.map((row) => [row.courseId, row])),
    resumes,
  };
}

/** `GET /api/courses`: published courses (and the caller's own), with whether the caller is enrolled. */
export async function listCourses(db: Executor, call: Call): Promise<CourseList> {
  const rows = await listCoursesFor(db, {
    userId: call.caller.userId,
    isAdmin: call.caller.role === 'admin',
  });
  const ids = rows.map((row) => row.id);
  const { size, enrolment, resumes } = await summarise(db, call.caller, ids);
  return rows.map((course) => {
    const own = enrolment.get(course.id) ?? null;
    return toCourseSummary(course, {
      sectionCount: size.get(course.id)?.sections ?? 0,
      lessonCount: size.get(course.id)?.lessons ?? 0,
      enrolment: own,
      resume: own || call.caller.role === 'admin' ? (resumes.get(course.id) ?? null) : null,
    });
  });
}

/** `GET /api/courses/:id`: any signed-in caller may see a published course's card (to buy it). */
export async function getCourse(db: Executor, call: Call & { courseId: number }): Promise<CourseSummary> {
  const course = await findCourse(db, call.courseId);
  const { size, enrolment, resumes } = await summarise(db, call.caller, [call.courseId]);
  const own = enrolment.get(call.courseId) ?? null;
  const isAdmin = call.caller.role === 'admin';
  if (!course || (!course.isPublished && !own && !isAdmin)) {
    throw new AppError('not_found', COURSE_NOT_FOUND_MESSAGE);
  }
  return toCourseSummary(course, {
    sectionCount: size.get(course.id)?.sections ?? 0,
    lessonCount: size.get(course.id)?.lessons ?? 0,
    enrolment: own,
    resume: own || isAdmin ? (resumes.get(course.id) ?? null) : null,
  });
}

/**
 * 'New Section Unlocked!' is due for a released, unfinished section the member has not been told about,
 * except the one open from the first day (nothing "became" unlocked there): sections after the first, or
 * any whose release is later than the enrolment.
 */
function isUnlockNoticeDue(
  state: CourseStateWithLessons,
  module: { id: number; availableAfterDays: number },
  position: number,
  noticed: Set<number>,
): boolean {
  const section = state.sections.get(module.id)!;
  if (!state.enrolment || !section.isAvailable || section.isCompleted || noticed.has(module.id)) return false;
  return position > 0 || module.availableAfterDays > 0;
}

async function moduleViews(
  db: Executor,
  state: CourseStateWithLessons,
  moduleIds?: number[],
): Promise<AvailableModule[]> {
  const noticed = await listUnlockNotices(
    db,
    state.caller.userId,
    state.modules.map((module) => module.id),
  );
  return state.modules
    .map((module, position) => ({ module, position }))
    .filter(({ module }) => !moduleIds || moduleIds.includes(module.id))
    .map(({ module, position }) => {
      const lessons = state.lessons.filter((lesson) => lesson.moduleId === module.id);
      const section = state.sections.get(module.id)!;
      return toAvailableModule(module, section, {
        lessonCount: lessons.length,
        completedLessonCount: lessons.filter((lesson) => state.progress.get(lesson.id)?.completed).length,
        unlockNoticeDue: isUnlockNoticeDue(state, module, position, noticed),
      });
    });
}

/** `GET /api/courses/:id/available-modules`: every section the caller may see, with its drip state. */
export async function listAvailableModules(
  db: Executor,
  call: Call & { courseId: number },
): Promise<AvailableModuleList> {
  return moduleViews(db, await loadCourseStateWithLessons(db, call));
}

/** The section's course; a draft section is not found for anyone but the admin. */
async function courseOfModule(db: Executor, moduleId: number, caller: SignedInCaller): Promise<number> {
  const module = await findModule(db, moduleId);
  if (!module || (!module.isPublished && caller.role !== 'admin')) {
    throw new AppError('not_found', MODULE_NOT_FOUND_MESSAGE);
  }
  return module.courseId;
}

/** `GET /api/modules/:id`: one section with the caller's drip state (no lesson content). */
export async function getModule(db: Executor, call: Call & { moduleId: number }): Promise<AvailableModule> {
  const courseId = await courseOfModule(db, call.moduleId, call.caller);
  const state = await loadCourseStateWithLessons(db, { ...call, courseId });
  return (await moduleViews(db, state, [call.moduleId]))[0]!;
}

/** `GET /api/modules/:id/lessons`: the section's lessons; locked ones without content or media. */
export async function listModuleLessons(
  db: Executor,
  call: Call & { moduleId: number },
): Promise<MemberLessonList> {
  const courseId = await courseOfModule(db, call.moduleId, call.caller);
  const state = await loadCourseState(db, { ...call, courseId });
  const lessons = await listLessonsOfModules(db, [call.moduleId], { includeDrafts: state.isAdmin });
  const progress = new Map(
    (
      await listLessonProgress(
        db,
        call.caller.userId,
        lessons.map((lesson) => lesson.id),
      )
    ).map((row) => [row.lessonId, row]),
  );
  return lessons.map((lesson) => {
    const own = progress.get(lesson.id);
    return toMemberLesson(lesson, { courseId, open: isLessonOpen(state, lesson, own), progress: own });
  });
}

export async function openLesson(db: Executor, call: Call & { lessonId: number }) {
  const found = await findLesson(db, call.lessonId);
  // A draft (or a lesson of a draft section) is the admin's alone.
  if (!found || (!found.isVisible && call.caller.role !== 'admin')) {
    throw new AppError('not_found', LESSON_NOT_FOUND_MESSAGE);
  }
  const state = await loadCourseState(db, { ...call, courseId: found.courseId });
  const [progress] = await listLessonProgress(db, call.caller.userId, [call.lessonId]);
  assertLessonOpen(state, found.lesson, progress);
  return { ...found, state, progress };
}

/** `GET /api/lessons/:id`: the lesson with content and media, only when it is open to the caller. */
export async function getLesson(db: Executor, call: Call & { lessonId: number }): Promise<MemberLesson> {
  const { lesson, courseId, progress } = await openLesson(db, call);
  return toMemberLesson(lesson, { courseId, open: true, progress });
}

/**
 * `POST /api/lessons/:id/complete`: marks the lesson completed (idempotent). Completing the last lesson
 * of a section completes the section, and the last section the enrolment.
 */
export async function completeLesson(
  db: Database,
  call: Call & CertificateSite & { lessonId: number },
): Promise<MemberLesson> {
  await db.transaction(async (tx) => {
    await lockLearnerProgress(tx, call.caller.userId);
    const { lesson, courseId, state } = await openLesson(tx, call);
    await markLessonCompleted(tx, { userId: call.caller.userId, lessonId: lesson.id, at: call.now });
    const siblings = await listLessonsOfModules(tx, [lesson.moduleId]);
    const done = await listLessonProgress(
      tx,
      call.caller.userId,
      siblings.map((sibling) => sibling.id),
    );
    if (siblings.length > 0 && done.filter((row) => row.completed).length === siblings.length) {
      await markModuleCompleted(tx, { userId: call.caller.userId, moduleId: lesson.moduleId, at: call.now });
      await completeCourseIfDone(tx, { ...call, courseId, moduleIds: state.modules.map((m) => m.id) });
    }
  });
  const { lesson, courseId, progress } = await openLesson(db, call);
  return toMemberLesson(lesson, { courseId, open: true, progress });
}

async function completeCourseIfDone(
  tx: Executor,
  options: Call & CertificateSite & { courseId: number; moduleIds: number[] },
): Promise<void> {
  const state = await loadCourseState(tx, options);
  if (state.enrolment && [...state.sections.values()].every((section) => section.isCompleted)) {
    await completeEnrolmentsFor(tx, {
      courseId: options.courseId,
      userIds: [options.caller.userId],
      at: options.now,
    });
    await issueCertificate(tx, {
      learner: options.caller,
      course: state.course,
      now: options.now,
      publicBaseUrl: options.publicBaseUrl,
    });
  }
}

/** `PUT /api/lessons/:id/progress`: the player's resume position; open lessons only. */
export async function saveLessonPosition(
  db: Executor,
  call: Call & { lessonId: number; positionSeconds: number },
): Promise<void> {
  const { lesson } = await openLesson(db, call);
  await saveLessonPositionRow(db, {
    userId: call.caller.userId,
    lessonId: lesson.id,
    positionSeconds: Math.floor(call.positionSeconds),
    at: call.now,
  });
}

/**
 * `POST /api/modules/:id/complete` ('Mark Section Complete'): an available section only; idempotent. A
 * section is finished exactly when all its lessons are (docs/decisions.md, 46), so marking it records every
 * lesson of it not completed yet as completed now, in the same transaction: the lesson counts, the section
 * badge and the course percentage can never disagree.
 */
export async function completeModule(
  db: Database,
  call: Call & CertificateSite & { moduleId: number },
): Promise<AvailableModule> {
  const courseId = await courseOfModule(db, call.moduleId, call.caller);
  await db.transaction(async (tx) => {
    await lockLearnerProgress(tx, call.caller.userId);
    const state = await loadCourseState(tx, { ...call, courseId });
    assertMember(state);
    if (!state.sections.get(call.moduleId)?.isAvailable)
      throw new AppError('forbidden', SECTION_LOCKED_MESSAGE);
    const lessons = await listLessonsOfModules(tx, [call.moduleId]);
    await markLessonsCompleted(tx, {
      userId: call.caller.userId,
      lessonIds: lessons.map((lesson) => lesson.id),
      at: call.now,
    });
    await markModuleCompleted(tx, { userId: call.caller.userId, moduleId: call.moduleId, at: call.now });
    await completeCourseIfDone(tx, { ...call, courseId, moduleIds: state.modules.map((m) => m.id) });
  });
  return getModule(db, call);
}

/**
 * `POST /api/modules/:id/unlock-notice`: the member has been shown 'New Section Unlocked!' for this
 * section; no other device shows it again. Only for a section released to the caller.
 */
export async function recordUnlockNotice(db: Executor, call: Call & { moduleId: number }): Promise<void> {
  const courseId = await courseOfModule(db, call.moduleId, call.caller);
  const state = await loadCourseState(db, { ...call, courseId });
  assertMember(state);
  if (!state.sections.get(call.moduleId)?.isAvailable)
    throw new AppError('forbidden', SECTION_LOCKED_MESSAGE);
  await insertUnlockNotice(db, { userId: call.caller.userId, moduleId: call.moduleId, at: call.now });
}
