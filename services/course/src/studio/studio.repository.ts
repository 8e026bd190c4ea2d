/** Queries of the course studio: the whole outline with drafts, and the writes that change it. */
import { rowExists, rowsWhereIn, type Executor } from '@platform/service-kit/db';
import { and, asc, count, desc, eq, inArray, max, ne, sql } from 'drizzle-orm';
import type { LessonRow } from '../catalogue/catalogue.repository.js';
import {
  completionRow,
  PROGRESS,
  unfinishedEnrolmentsOf,
  type Progress,
} from '../learning/learning.repository.js';
import {
  courseEnrollments,
  courseLessons,
  courseModules,
  courses,
  learnerNames,
  lessonUploads,
  moduleProgress,
  type LessonUploadRow,
} from '../db/schema.js';

export async function courseExists(db: Executor, courseId: number): Promise<boolean> {
  return rowExists(db, courses, eq(courses.id, courseId));
}

/**
 * Locks the course row for the rest of the transaction: every studio write of a course takes it first,
 * so two writes never pick the same next position or reorder the same rows at once.
 */
export async function lockCourse(tx: Executor, courseId: number): Promise<boolean> {
  const rows = await tx
    .select({ id: courses.id })
    .from(courses)
    .where(eq(courses.id, courseId))
    .for('update');
  return rows.length > 0;
}

/** Every lesson of the given sections, drafts included, in lesson order. */
export async function listAllLessons(db: Executor, moduleIds: number[]): Promise<LessonRow[]> {
  return rowsWhereIn(db, courseLessons, courseLessons.moduleId, moduleIds, [
    asc(courseLessons.orderIndex),
    asc(courseLessons.id),
  ]);
}

/** The highest value of a section's or lesson's column among one parent's rows, or null without any. */
async function highestOf(
  tx: Executor,
  column:
    | typeof courseModules.orderIndex
    | typeof courseModules.availableAfterDays
    | typeof courseLessons.orderIndex,
  parent: typeof courseModules.courseId | typeof courseLessons.moduleId,
  parentId: number,
): Promise<number | null> {
  const [row] = await tx
    .select({ last: max(column) })
    .from(column.table)
    .where(eq(parent, parentId));
  return row?.last ?? null;
}

/** The next free position among the course's sections (drafts included). */
export async function nextModulePosition(tx: Executor, courseId: number): Promise<number> {
  const last = await highestOf(tx, courseModules.orderIndex, courseModules.courseId, courseId);
  return (last ?? 0) + 1;
}

/** The latest release day among the course's sections, or null without any. */
export async function latestReleaseDay(tx: Executor, courseId: number): Promise<number | null> {
  return highestOf(tx, courseModules.availableAfterDays, courseModules.courseId, courseId);
}

export async function nextLessonPosition(tx: Executor, moduleId: number): Promise<number> {
  const last = await highestOf(tx, courseLessons.orderIndex, courseLessons.moduleId, moduleId);
  return (last ?? 0) + 1;
}

/**
 * Gives the rows the positions 1..n in the listed order, respecting the unique (parent, position)
 * constraint, which PostgreSQL checks row by row: first every listed row takes a distinct negative
 * position (none exists), then its final one (every row that could hold it is negative by then).
 */
async function renumber(ids: number[], setPosition: (id: number, orderIndex: number) => Promise<unknown>) {
  for (const [index, id] of ids.entries()) await setPosition(id, -(index + 1));
  for (const [index, id] of ids.entries()) await setPosition(id, index + 1);
}

/** Renumbers the course's sections in the listed order. */
export async function renumberModules(tx: Executor, moduleIds: number[]): Promise<void> {
  await renumber(moduleIds, (id, orderIndex) =>
    tx.update(courseModules).set({ orderIndex }).where(eq(courseModules.id, id)),
  );
}

/** The same for lessons, which all belong to `moduleId` afterwards (a listed lesson may move in). */
export async function renumberLessons(tx: Executor, moduleId: number, lessonIds: number[]): Promise<void> {
  await renumber(lessonIds, (id, orderIndex) =>
    tx.update(courseLessons).set({ moduleId, orderIndex }).where(eq(courseLessons.id, id)),
  );
}

/** Members who completed every one of the given lessons (`lessonProgress`) or sections (`moduleProgress`). */
export async function listUsersWhoCompletedAll(db: Executor, of: Progress, ids: number[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const { table, itemId } = PROGRESS[of];
  const rows = await db
    .select({ userId: table.userId })
    .from(table)
    .where(and(inArray(itemId, ids), eq(table.completed, true)))
    .groupBy(table.userId)
    .having(sql`${count()} = ${ids.length}`);
  return rows.map((row) => row.userId);
}

/** Records the section completed for each of these members who has not completed it yet. */
export async function completeModuleFor(
  tx: Executor,
  options: { moduleId: number; userIds: string[]; at: Date },
): Promise<number> {
  if (options.userIds.length === 0) return 0;
  const done = await tx
    .select({ userId: moduleProgress.userId })
    .from(moduleProgress)
    .where(
      and(
        eq(moduleProgress.moduleId, options.moduleId),
        inArray(moduleProgress.userId, options.userIds),
        eq(moduleProgress.completed, true),
      ),
    );
  const already = new Set(done.map((row) => row.userId));
  const due = options.userIds.filter((userId) => !already.has(userId));
  if (due.length === 0) return 0;
  await tx
    .insert(moduleProgress)
    .values(due.map((userId) => ({ userId, moduleId: options.moduleId, ...completionRow(options.at) })))
    .onConflictDoUpdate({
      target: [moduleProgress.userId, moduleProgress.moduleId],
      set: { completed: true, completedAt: options.at },
    });
  return due.length;
}

/**
 * Of these members, those whose enrolment in the course stands and is not completed yet, with the address
 * auth gave for them (where a certificate is e-mailed); one whose address was never announced is left out.
 */
export async function listUnfinishedEnrolments(
  db: Executor,
  options: { courseId: number; userIds: string[] },
): Promise<Array<{ userId: string; email: string }>> {
  if (options.userIds.length === 0) return [];
  return db
    .select({ userId: courseEnrollments.userId, email: learnerNames.email })
    .from(courseEnrollments)
    .innerJoin(learnerNames, eq(learnerNames.userId, courseEnrollments.userId))
    .where(and(unfinishedEnrolmentsOf(options), ne(learnerNames.email, '')))
    .orderBy(asc(courseEnrollments.userId));
}

/** The admin's finished uploads, newest first. */
export async function listFinishedUploads(db: Executor, limit: number): Promise<LessonUploadRow[]> {
  return db.select().from(lessonUploads).orderBy(desc(lessonUploads.finishedAt)).limit(limit);
}

/** The section or lesson a studio creation made under `requestId`, with the digest of what it asked. */
export async function findCreatedBy(
  db: Executor,
  requestId: string,
): Promise<{ kind: 'module' | 'lesson'; id: number; fingerprint: string | null } | null> {
  const [module] = await db
    .select({ id: courseModules.id, fingerprint: courseModules.creationFingerprint })
    .from(courseModules)
    .where(eq(courseModules.creationRequestId, requestId));
  if (module) return { kind: 'module', ...module };
  const [lesson] = await db
    .select({ id: courseLessons.id, fingerprint: courseLessons.creationFingerprint })
    .from(courseLessons)
    .where(eq(courseLessons.creationRequestId, requestId));
  return lesson ? { kind: 'lesson', ...lesson } : null;
}
