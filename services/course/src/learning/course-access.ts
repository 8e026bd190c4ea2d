/**
 * Who may see what of a course (docs/behaviour/member-learning.md#who-is-a-member; authorization lives where
 * the data lives, docs/decisions.md, 39): an admin sees everything; a signed-in user with a standing
 * enrolment in the course is its member and gets the drip state; any other signed-in user previews a published
 * course as a visitor does on `/`: its free lessons and the first of each section open, everything else locked
 * for members (`lockedReason: 'membership'`), and what only members do refused with 403 (the 'Membership
 * Required' message). The auth service's `isMember` is not consulted: every purchase that makes a member also
 * enrols them in the course it sells, so the enrolment is the member's right to this course.
 */
import {
  COURSE_NOT_FOUND_MESSAGE,
  MEMBERSHIP_REQUIRED_MESSAGE,
  SECTION_LOCKED_MESSAGE,
  type Caller,
} from '@platform/contracts';
import type { Executor } from '@platform/service-kit/db';
import { AppError } from '@platform/service-kit/errors';
import type { CourseRow, LessonRow, ModuleRow } from '../catalogue/catalogue.repository.js';
import { openLessonIds } from '../catalogue/lesson-media.js';
import type { CourseEnrollmentRow, LessonProgressRow } from '../db/schema.js';
import { computeSectionStates, type SectionState } from './drip.js';
import {
  findCourse,
  findLearnerDrip,
  findPlanState,
  listCourseModules,
  listLessonProgress,
  listLessonsOfModules,
  listModuleProgress,
  listStandingEnrolments,
} from './learning.repository.js';

export type SignedInCaller = Extract<Caller, { kind: 'user' }>;

export interface CourseState {
  course: CourseRow;
  caller: SignedInCaller;
  isAdmin: boolean;
  enrolment: CourseEnrollmentRow | null;
  /**
   * A signed-in caller without the course: the lessons a visitor may open on `/` (free, or first of their
   * section) are open to them, and nothing else; null for members and the admin.
   */
  preview: Set<number> | null;
  /** In course order. */
  modules: ModuleRow[];
  sections: Map<number, SectionState>;
}

export interface CourseStateWithLessons extends CourseState {
  /** Every lesson of the course, in lesson order per section. */
  lessons: LessonRow[];
  progress: Map<number, LessonProgressRow>;
}

/**
 * The caller's view of a course, or a 404 (no such course; an unpublished one for anyone but an
 * admin or its members) or a 403 (signed in without an enrolment).
 */
export async function loadCourseState(
  db: Executor,
  options: { caller: SignedInCaller; courseId: number; now: Date },
): Promise<CourseState> {
  const { caller, courseId, now } = options;
  const isAdmin = caller.role === 'admin';
  const course = await findCourse(db, courseId);
  if (!course) throw new AppError('not_found', COURSE_NOT_FOUND_MESSAGE);
  const [enrolment = null] = await listStandingEnrolments(db, caller.userId, [courseId]);
  if (!isAdmin && !enrolment && !course.isPublished)
    throw new AppError('not_found', COURSE_NOT_FOUND_MESSAGE);
  // Drafts are the admin's alone (docs/behaviour/course-studio.md#drafts).
  const modules = await listCourseModules(db, courseId, { includeDrafts: isAdmin });
  if (!isAdmin && !enrolment) return previewState(db, { course, caller, modules });
  const [plan, drip, moduleRows] = await Promise.all([
    isAdmin ? null : findPlanState(db, caller.userId),
    isAdmin ? null : findLearnerDrip(db, caller.userId),
    listModuleProgress(
      db,
      caller.userId,
      modules.map((module) => module.id),
    ),
  ]);
  const completedModules = new Map(
    moduleRows.filter((row) => row.completed).map((row) => [row.moduleId, row.completedAt]),
  );
  const sections = computeSectionStates({
    modules,
    enrolledAt: enrolment?.enrolledAt ?? null,
    ...(drip && {
      override: { unlockedAll: drip.unlockedAllAt !== null, scheduleRestartedAt: drip.scheduleRestartedAt },
    }),
    isAdmin,
    plan,
    completedModules,
    now,
  });
  return { course, caller, isAdmin, enrolment, preview: null, modules, sections };
}

/**
 * A signed-in caller without the course sees it as a visitor does on `/`
 * (docs/behaviour/member-learning.md#free-lessons-without-membership; docs/decisions.md, 69): every section locked for members,
 * the visitor's lessons open. Completions a withdrawn enrolment left behind open nothing.
 */
async function previewState(
  db: Executor,
  options: { course: CourseRow; caller: SignedInCaller; modules: ModuleRow[] },
): Promise<CourseState> {
  const lessons = await listLessonsOfModules(
    db,
    options.modules.map((module) => module.id),
    { includeDrafts: false },
  );
  const sections = new Map<number, SectionState>(
    options.modules.map((module) => [
      module.id,
      {
        isAvailable: false,
        unlockDate: null,
        lockedReason: 'membership',
        isCompleted: false,
        completedAt: null,
      },
    ]),
  );
  return {
    ...options,
    isAdmin: false,
    enrolment: null,
    preview: openLessonIds(lessons),
    sections,
  };
}

/** Refuses what only members (and the admin) do: completing a section, its notices. */
export function assertMember(state: CourseState): void {
  if (state.preview) throw new AppError('forbidden', MEMBERSHIP_REQUIRED_MESSAGE);
}

export async function loadCourseStateWithLessons(
  db: Executor,
  options: { caller: SignedInCaller; courseId: number; now: Date },
): Promise<CourseStateWithLessons> {
  const state = await loadCourseState(db, options);
  const lessons = await listLessonsOfModules(
    db,
    state.modules.map((module) => module.id),
    { includeDrafts: state.isAdmin },
  );
  const progressRows = await listLessonProgress(
    db,
    options.caller.userId,
    lessons.map((lesson) => lesson.id),
  );
  return { ...state, lessons, progress: new Map(progressRows.map((row) => [row.lessonId, row])) };
}

/**
 * A lesson is open when its section is, or when the member completed it (never locked again); for a caller
 * without the course, when a visitor may open it.
 */
export function isLessonOpen(
  state: CourseState,
  lesson: { id: number; moduleId: number },
  progress: LessonProgressRow | undefined,
): boolean {
  if (state.preview) return state.preview.has(lesson.id);
  if (progress?.completed) return true;
  return state.sections.get(lesson.moduleId)?.isAvailable ?? false;
}

export function assertLessonOpen(
  state: CourseState,
  lesson: { id: number; moduleId: number },
  progress: LessonProgressRow | undefined,
): void {
  if (isLessonOpen(state, lesson, progress)) return;
  throw new AppError('forbidden', state.preview ? MEMBERSHIP_REQUIRED_MESSAGE : SECTION_LOCKED_MESSAGE);
}
