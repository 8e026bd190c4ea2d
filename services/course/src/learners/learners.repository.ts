/** Queries behind the admin's learners: enrolments with names and progress, and the drip overrides. */
import { rowsWhereIn, type Executor } from '@platform/service-kit/db';
import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import {
  courseEnrollments,
  courseModules,
  courses,
  dripOverrideLog,
  learnerDrip,
  learnerNames,
  moduleProgress,
  type DripOverrideLogRow,
  type LearnerDripRow,
} from '../db/schema.js';

/** Standing enrolments, newest first, with the learner's name and address when known. */
export async function listStandingLearners(db: Executor, options: { userId?: string; limit: number }) {
  return db
    .select({
      enrolment: courseEnrollments,
      courseTitle: courses.title,
      firstName: learnerNames.firstName,
      lastName: learnerNames.lastName,
      email: learnerNames.email,
    })
    .from(courseEnrollments)
    .innerJoin(courses, eq(courses.id, courseEnrollments.courseId))
    .leftJoin(learnerNames, eq(learnerNames.userId, courseEnrollments.userId))
    .where(
      and(
        isNull(courseEnrollments.withdrawnAt),
        options.userId ? eq(courseEnrollments.userId, options.userId) : undefined,
      ),
    )
    .orderBy(desc(courseEnrollments.enrolledAt), desc(courseEnrollments.id))
    .limit(options.limit);
}

/** Per (user, course): how many published sections the user completed. */
export async function countCompletedSections(db: Executor, userIds: string[]) {
  if (userIds.length === 0) return [];
  const rows = await db
    .select({ userId: moduleProgress.userId, courseId: courseModules.courseId, done: count() })
    .from(moduleProgress)
    .innerJoin(courseModules, eq(courseModules.id, moduleProgress.moduleId))
    .where(
      and(
        inArray(moduleProgress.userId, userIds),
        eq(moduleProgress.completed, true),
        eq(courseModules.isPublished, true),
      ),
    )
    .groupBy(moduleProgress.userId, courseModules.courseId);
  return rows.map((row) => ({ ...row, done: Number(row.done) }));
}

export async function listLearnerDrips(db: Executor, userIds: string[]): Promise<LearnerDripRow[]> {
  return rowsWhereIn(db, learnerDrip, learnerDrip.userId, userIds);
}

export async function listOverrideLog(db: Executor, userIds: string[]): Promise<DripOverrideLogRow[]> {
  return rowsWhereIn(db, dripOverrideLog, dripOverrideLog.userId, userIds, [
    desc(dripOverrideLog.createdAt),
    desc(dripOverrideLog.id),
  ]);
}

/** Sets one override and keeps its reason, in the caller's transaction. */
export async function recordOverride(
  db: Executor,
  entry: DripOverrideLogRow,
  drip: Pick<LearnerDripRow, 'unlockedAllAt' | 'scheduleRestartedAt'>,
): Promise<void> {
  await db.insert(dripOverrideLog).values(entry);
  await db
    .insert(learnerDrip)
    .values({ userId: entry.userId, ...drip })
    .onConflictDoUpdate({ target: learnerDrip.userId, set: drip });
}
