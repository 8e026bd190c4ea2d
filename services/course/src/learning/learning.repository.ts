/** Queries of the member side: courses, sections, lessons, progress and the plan projection. */
import { findRow, insertOnce, type Executor } from '@platform/service-kit/db';
import { findSeatOwnerOf } from '../team/team.repository.js';
import { standingEnrolmentsOf } from '../enrolments/enrolments.repository.js';
import { and, asc, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import {
  courseEnrollments,
  sectionUnlockNotices,
  courseLessons,
  courseModules,
  courses,
  learnerDrip,
  lessonProgress,
  memberPlanStatus,
  moduleProgress,
  ownerStanding,
  type CourseEnrollmentRow,
  type LessonProgressRow,
  type MemberPlanStatusRow,
  type ModuleProgressRow,
  type LearnerDripRow,
  type OwnerStandingRow,
} from '../db/schema.js';
import type { CourseRow, LessonRow, ModuleRow } from '../catalogue/catalogue.repository.js';
import { SUBMITTED_CONSULTATION_STATUSES, type PlanState } from './drip.js';

export async function findCourse(db: Executor, courseId: number): Promise<CourseRow | null> {
  return findRow(db, courses, eq(courses.id, courseId));
}

/** Published courses, plus (for a member) unpublished ones they are enrolled in; every course for an admin. */
export async function listCoursesFor(
  db: Executor,
  options: { userId: string; isAdmin: boolean },
): Promise<CourseRow[]> {
  const enrolled = db
    .select({ courseId: courseEnrollments.courseId })
    .from(courseEnrollments)
    .where(standingEnrolmentsOf(options.userId));
  return db
    .select()
    .from(courses)
    .where(options.isAdmin ? undefined : or(eq(courses.isPublished, true), inArray(courses.id, enrolled)))
    .orderBy(asc(courses.id));
}

/** The user's standing (not withdrawn) enrolments in the given courses. */
export async function listStandingEnrolments(
  db: Executor,
  userId: string,
  courseIds: number[],
): Promise<CourseEnrollmentRow[]> {
  if (courseIds.length === 0) return [];
  return db
    .select()
    .from(courseEnrollments)
    .where(standingEnrolmentsOf(userId, inArray(courseEnrollments.courseId, courseIds)));
}

/**
 * Whether a read includes the studio's drafts (docs/behaviour/course-studio.md#drafts): only the admin's
 * reads do; members and visitors never see a draft section or lesson, nor count one.
 */
export interface DraftOption {
  includeDrafts?: boolean;
}

/** The course's sections in order; drafts only with `includeDrafts`. */
export async function listCourseModules(
  db: Executor,
  courseId: number,
  options: DraftOption = {},
): Promise<ModuleRow[]> {
  return db
    .select()
    .from(courseModules)
    .where(
      and(
        eq(courseModules.courseId, courseId),
        options.includeDrafts ? undefined : eq(courseModules.isPublished, true),
      ),
    )
    .orderBy(asc(courseModules.orderIndex), asc(courseModules.id));
}

export async function findModule(db: Executor, moduleId: number): Promise<ModuleRow | null> {
  return findRow(db, courseModules, eq(courseModules.id, moduleId));
}

/** Lessons of the given sections, in lesson order; draft lessons only with `includeDrafts`. */
export async function listLessonsOfModules(
  db: Executor,
  moduleIds: number[],
  options: DraftOption = {},
): Promise<LessonRow[]> {
  if (moduleIds.length === 0) return [];
  return db
    .select()
    .from(courseLessons)
    .where(
      and(
        inArray(courseLessons.moduleId, moduleIds),
        options.includeDrafts ? undefined : eq(courseLessons.isPublished, true),
      ),
    )
    .orderBy(asc(courseLessons.moduleId), asc(courseLessons.orderIndex), asc(courseLessons.id));
}

/** The lesson with its course, and whether members may see it (it and its section are published). */
export async function findLesson(
  db: Executor,
  lessonId: number,
): Promise<{ lesson: LessonRow; courseId: number; isVisible: boolean } | null> {
  const [row] = await db
    .select({
      lesson: courseLessons,
      courseId: courseModules.courseId,
      modulePublished: courseModules.isPublished,
    })
    .from(courseLessons)
    .innerJoin(courseModules, eq(courseModules.id, courseLessons.moduleId))
    .where(eq(courseLessons.id, lessonId))
    .limit(1);
  if (!row) return null;
  return {
    lesson: row.lesson,
    courseId: row.courseId,
    isVisible: row.lesson.isPublished && row.modulePublished,
  };
}

/** A lesson members may see: it and its section are published (drafts are the admin's alone). */
export function publishedLessonAndSection() {
  return and(eq(courseLessons.isPublished, true), eq(courseModules.isPublished, true));
}

/**
 * Every published lesson (of a published section) with its files, its course, and what decides whether a
 * visitor may open it; `where` narrows the rows further.
 */
export async function listPublishedLessons(db: Executor, where?: SQL) {
  return db
    .select({
      id: courseLessons.id,
      moduleId: courseLessons.moduleId,
      orderIndex: courseLessons.orderIndex,
      isFree: courseLessons.isFree,
      videoUrl: courseLessons.videoUrl,
      captionsFile: courseLessons.captionsFile,
      courseId: courseModules.courseId,
      isPublishedCourse: courses.isPublished,
    })
    .from(courseLessons)
    .innerJoin(courseModules, eq(courseModules.id, courseLessons.moduleId))
    .innerJoin(courses, eq(courses.id, courseModules.courseId))
    .where(and(where, publishedLessonAndSection()));
}

/**
 * Every published lesson (of a published section) with a `video_url` or captions, with its course: the
 * video stream looks a file name up in these (a draft's file streams to the admin only).
 */
export async function listLessonsWithMedia(db: Executor) {
  return listPublishedLessons(
    db,
    sql`(${courseLessons.videoUrl} is not null or ${courseLessons.captionsFile} is not null)`,
  );
}

export async function listLessonProgress(
  db: Executor,
  userId: string,
  lessonIds: number[],
): Promise<LessonProgressRow[]> {
  if (lessonIds.length === 0) return [];
  return db
    .select()
    .from(lessonProgress)
    .where(and(eq(lessonProgress.userId, userId), inArray(lessonProgress.lessonId, lessonIds)));
}

export async function listModuleProgress(
  db: Executor,
  userId: string,
  moduleIds: number[],
): Promise<ModuleProgressRow[]> {
  if (moduleIds.length === 0) return [];
  return db
    .select()
    .from(moduleProgress)
    .where(and(eq(moduleProgress.userId, userId), inArray(moduleProgress.moduleId, moduleIds)));
}

/** The admin's drip overrides for the learner (docs/decisions.md, 86); null when there are none. */
export async function findLearnerDrip(db: Executor, userId: string): Promise<LearnerDripRow | null> {
  return findRow(db, learnerDrip, eq(learnerDrip.userId, userId));
}

export async function findPlanStatus(db: Executor, userId: string): Promise<MemberPlanStatusRow | null> {
  return findRow(db, memberPlanStatus, eq(memberPlanStatus.userId, userId));
}

export async function findOwnerStanding(db: Executor, userId: string): Promise<OwnerStandingRow | null> {
  return findRow(db, ownerStanding, eq(ownerStanding.userId, userId));
}

/** The member's plan and block as drip release reads them; null for a member on no plan. */
export async function findPlanState(db: Executor, userId: string): Promise<PlanState | null> {
  // A staff member studies under their owner's standing: the owner's blocked revenue-share plan stops their
  // sections opening too. (A paused payment plan ends the seats outright: team.service.ts.)
  const standingOf = (await findSeatOwnerOf(db, userId)) ?? userId;
  const [plan, standing] = await Promise.all([findPlanStatus(db, userId), findOwnerStanding(db, standingOf)]);
  const block =
    standing?.status === 'blocked'
      ? {
          since: standing.blockedSince ?? standing.changedAt,
          beforeConsultation: standing.blockedBeforeConsultation,
        }
      : null;
  if (!plan && !block) return null;
  return {
    planStatus: plan?.planStatus ?? 'regular',
    consultationStatus: plan?.consultationStatus ?? 'not_started',
    block,
  };
}

/**
 * Keeps the newest state per user: an older event arriving late changes nothing. Newest is the highest
 * `sequence` (auth numbers each user's changes in the transaction that makes them, holding the user's
 * row), so two changes stamped with the same `changedAt`, or an older change stamped by a clock running
 * ahead, still end in the later change.
 *
 * An event without a sequence comes from an auth that did not number its changes yet (the events still in
 * outboxes and streams at the upgrade). It falls back to the rule before numbering, a `changedAt` strictly
 * newer than the stored one, and leaves the stored sequence as it is. It therefore cannot replace a row
 * written from a later, numbered change: that change was stamped after it, so its `changedAt` is later
 * or, on a clock that stood still, equal, and equal is not newer. Should one win all the same (an auth
 * replica not yet upgraded changing the user after a numbered change, during a rolling upgrade), the kept
 * sequence still turns away older numbered events arriving late, and the next numbered change replaces
 * it. A numbered event replaces any row with a lower stored sequence, including one written only from
 * events without one (stored 0), which were sent before it.
 */
export async function upsertPlanStatus(
  db: Executor,
  row: Pick<MemberPlanStatusRow, 'userId' | 'planStatus' | 'consultationStatus' | 'changedAt'> & {
    /** The event's `sequence`; absent in events sent before auth numbered them. */
    sequence?: number;
  },
): Promise<void> {
  const table = memberPlanStatus;
  const { sequence, ...state } = row;
  const changedAt = sql`${state.changedAt.toISOString()}::timestamptz`;
  await db
    .insert(table)
    .values({ ...state, statusSequence: sequence ?? 0 })
    .onConflictDoUpdate({
      target: table.userId,
      set: {
        planStatus: state.planStatus,
        consultationStatus: state.consultationStatus,
        changedAt: state.changedAt,
        ...(sequence !== undefined && { statusSequence: sequence }),
      },
      setWhere:
        sequence !== undefined
          ? sql`${table.statusSequence} < ${sequence}`
          : sql`${table.changedAt} < ${changedAt}`,
    });
}

/**
 * Keeps the newest standing per owner (the highest `sequence`: revenue numbers each owner's changes). A
 * change into `blocked` records when the block began and whether the sections after the first were still
 * waiting for the consultation then (from the plan projection as it is); further changes while blocked
 * keep both, and any other standing clears them.
 */
export async function upsertOwnerStanding(
  db: Executor,
  change: Pick<OwnerStandingRow, 'userId' | 'status' | 'sequence' | 'changedAt'>,
): Promise<void> {
  const table = ownerStanding;
  const blocked = change.status === 'blocked';
  const plan = blocked ? await findPlanStatus(db, change.userId) : null;
  const waiting =
    plan?.planStatus === 'rs_pending' &&
    !(SUBMITTED_CONSULTATION_STATUSES as readonly string[]).includes(plan.consultationStatus);
  // In ON CONFLICT's SET the table's columns are the row as it was before this change.
  const wasBlocked = sql`${table.status} = 'blocked'`;
  const changedAt = sql`${change.changedAt.toISOString()}::timestamptz`;
  await db
    .insert(table)
    .values({
      ...change,
      blockedSince: blocked ? change.changedAt : null,
      blockedBeforeConsultation: blocked && waiting,
    })
    .onConflictDoUpdate({
      target: table.userId,
      set: {
        status: change.status,
        sequence: change.sequence,
        changedAt: change.changedAt,
        blockedSince: blocked
          ? sql`case when ${wasBlocked} then ${table.blockedSince} else ${changedAt} end`
          : null,
        blockedBeforeConsultation: blocked
          ? sql`case when ${wasBlocked} then ${table.blockedBeforeConsultation} else ${waiting} end`
          : false,
      },
      setWhere: sql`${table.sequence} < ${change.sequence}`,
    });
}

/** A progress row (lesson or section) completed at `at`, as first written. */
export function completionRow(at: Date) {
  return { completed: true, completedAt: at, lastAccessedAt: at };
}

/** The two progress tables, by what their rows are progress in, each with the column naming it. */
export const PROGRESS = {
  lesson: { table: lessonProgress, itemId: lessonProgress.lessonId },
  module: { table: moduleProgress, itemId: moduleProgress.moduleId },
} as const;

export type Progress = keyof typeof PROGRESS;

/** The conflict update that marks a progress row completed, keeping the time of a first completion. */
function keepFirstCompletion(table: typeof lessonProgress | typeof moduleProgress) {
  return { completed: true, completedAt: sql`coalesce(${table.completedAt}, excluded.completed_at)` };
}

/** Marks the lesson completed; a second call keeps the first completion time. */
export async function markLessonCompleted(
  db: Executor,
  options: { userId: string; lessonId: number; at: Date },
): Promise<void> {
  await db
    .insert(lessonProgress)
    .values({ userId: options.userId, lessonId: options.lessonId, ...completionRow(options.at) })
    .onConflictDoUpdate({
      target: [lessonProgress.userId, lessonProgress.lessonId],
      set: { ...keepFirstCompletion(lessonProgress), lastAccessedAt: options.at },
    });
}

/**
 * Marks many lessons completed in one statement ('Mark Section Complete'); lessons completed before keep
 * their completion time and their last access. Lessons never opened get a row whose last access is `at`
 * (inserted in lesson order), so 'Continue where you left off' points into the section just finished.
 */
export async function markLessonsCompleted(
  db: Executor,
  options: { userId: string; lessonIds: number[]; at: Date },
): Promise<void> {
  if (options.lessonIds.length === 0) return;
  await db
    .insert(lessonProgress)
    .values(
      options.lessonIds.map((lessonId) => ({
        userId: options.userId,
        lessonId,
        ...completionRow(options.at),
      })),
    )
    .onConflictDoUpdate({
      target: [lessonProgress.userId, lessonProgress.lessonId],
      set: keepFirstCompletion(lessonProgress),
    });
}

/** The player's position: one upsert, the same answer however often it is sent. */
export async function saveLessonPosition(
  db: Executor,
  options: { userId: string; lessonId: number; positionSeconds: number; at: Date },
): Promise<void> {
  await db
    .insert(lessonProgress)
    .values({
      userId: options.userId,
      lessonId: options.lessonId,
      positionSeconds: options.positionSeconds,
      lastAccessedAt: options.at,
    })
    .onConflictDoUpdate({
      target: [lessonProgress.userId, lessonProgress.lessonId],
      set: { positionSeconds: options.positionSeconds, lastAccessedAt: options.at },
    });
}

/** Marks the section completed; a second call keeps the first completion time. */
export async function markModuleCompleted(
  db: Executor,
  options: { userId: string; moduleId: number; at: Date },
): Promise<void> {
  await db
    .insert(moduleProgress)
    .values({ userId: options.userId, moduleId: options.moduleId, ...completionRow(options.at) })
    .onConflictDoUpdate({
      target: [moduleProgress.userId, moduleProgress.moduleId],
      set: { ...keepFirstCompletion(moduleProgress), lastAccessedAt: options.at },
    });
}

/**
 * Holds the learner's progress writes one at a time until the transaction ends, so two lessons finished at
 * once in different sections both see each other, and finishing the course is noticed exactly once.
 */
export async function lockLearnerProgress(db: Executor, userId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`course-progress:${userId}`}))`);
}

/** The standing, unfinished enrolments of these members in the course. */
export function unfinishedEnrolmentsOf(options: { courseId: number; userIds: string[] }): SQL | undefined {
  return and(
    eq(courseEnrollments.courseId, options.courseId),
    inArray(courseEnrollments.userId, options.userIds),
    isNull(courseEnrollments.completedAt),
    isNull(courseEnrollments.withdrawnAt),
  );
}

/** Marks the standing, unfinished enrolments of these members in the course completed. */
export async function completeEnrolmentsFor(
  db: Executor,
  options: { courseId: number; userIds: string[]; at: Date },
): Promise<number> {
  if (options.userIds.length === 0) return 0;
  const updated = await db
    .update(courseEnrollments)
    .set({ completedAt: options.at })
    .where(unfinishedEnrolmentsOf(options))
    .returning({ id: courseEnrollments.id });
  return updated.length;
}

/** Per course, the lesson the user opened last ('Continue where you left off'); drafts never for members. */
export async function findResumePoints(
  db: Executor,
  userId: string,
  courseIds: number[],
  options: DraftOption = {},
) {
  if (courseIds.length === 0) return new Map<number, ResumeRow>();
  const rows = await db
    .selectDistinctOn([courseModules.courseId], {
      courseId: courseModules.courseId,
      lessonId: lessonProgress.lessonId,
      moduleId: courseLessons.moduleId,
      positionSeconds: lessonProgress.positionSeconds,
      lastAccessedAt: lessonProgress.lastAccessedAt,
    })
    .from(lessonProgress)
    .innerJoin(courseLessons, eq(courseLessons.id, lessonProgress.lessonId))
    .innerJoin(courseModules, eq(courseModules.id, courseLessons.moduleId))
    .where(
      and(
        eq(lessonProgress.userId, userId),
        inArray(courseModules.courseId, courseIds),
        options.includeDrafts ? undefined : publishedLessonAndSection(),
      ),
    )
    .orderBy(courseModules.courseId, desc(lessonProgress.lastAccessedAt), desc(lessonProgress.id));
  return new Map(rows.map((row) => [row.courseId, row]));
}

export interface ResumeRow {
  courseId: number;
  lessonId: number;
  moduleId: number;
  positionSeconds: number;
  lastAccessedAt: Date;
}

/** The sections of which the member has been told 'New Section Unlocked!'. */
export async function listUnlockNotices(
  db: Executor,
  userId: string,
  moduleIds: number[],
): Promise<Set<number>> {
  if (moduleIds.length === 0) return new Set();
  const rows = await db
    .select({ moduleId: sectionUnlockNotices.moduleId })
    .from(sectionUnlockNotices)
    .where(and(eq(sectionUnlockNotices.userId, userId), inArray(sectionUnlockNotices.moduleId, moduleIds)));
  return new Set(rows.map((row) => row.moduleId));
}

/** Records that the member has been told; telling twice (two devices at once) keeps the first time. */
export async function insertUnlockNotice(
  db: Executor,
  notice: { userId: string; moduleId: number; at: Date },
): Promise<void> {
  const told = { userId: notice.userId, moduleId: notice.moduleId, notifiedAt: notice.at };
  await insertOnce(db, sectionUnlockNotices, told);
}
