/** Queries behind the admin's customers: courses, progress, last activity and the access log. */
import type { Executor } from '@platform/service-kit/db';
import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import {
  courseAccessGrants,
  courseEnrollments,
  courseLessons,
  courseModules,
  courses,
  customerAccessLog,
  lessonProgress,
  moduleProgress,
  type CustomerAccessLogRow,
} from '../db/schema.js';
import { publishedLessonAndSection } from '../learning/learning.repository.js';

export async function listAllCourses(db: Executor) {
  return db.select({ id: courses.id, title: courses.title }).from(courses).orderBy(asc(courses.id));
}

export async function listStandingEnrolments(db: Executor, userIds: string[]) {
  return db
    .select()
    .from(courseEnrollments)
    .where(and(inArray(courseEnrollments.userId, userIds), isNull(courseEnrollments.withdrawnAt)));
}

/** Every published lesson of a published section, in course order. */
export async function listPublishedOutline(db: Executor) {
  return db
    .select({
      courseId: courseModules.courseId,
      moduleId: courseModules.id,
      sectionTitle: courseModules.title,
      lessonId: courseLessons.id,
      lessonTitle: courseLessons.title,
    })
    .from(courseLessons)
    .innerJoin(courseModules, eq(courseModules.id, courseLessons.moduleId))
    .where(publishedLessonAndSection())
    .orderBy(asc(courseModules.courseId), asc(courseModules.orderIndex), asc(courseLessons.orderIndex));
}

export async function listLessonProgress(db: Executor, userIds: string[]) {
  return db
    .select({
      userId: lessonProgress.userId,
      lessonId: lessonProgress.lessonId,
      completed: lessonProgress.completed,
      completedAt: lessonProgress.completedAt,
      lastAccessedAt: lessonProgress.lastAccessedAt,
    })
    .from(lessonProgress)
    .where(inArray(lessonProgress.userId, userIds));
}

export async function listCompletedModules(db: Executor, userIds: string[]) {
  return db
    .select({ userId: moduleProgress.userId, moduleId: moduleProgress.moduleId })
    .from(moduleProgress)
    .where(and(inArray(moduleProgress.userId, userIds), eq(moduleProgress.completed, true)));
}

export async function listAccessLog(db: Executor, userIds: string[]): Promise<CustomerAccessLogRow[]> {
  return db
    .select()
    .from(customerAccessLog)
    .where(inArray(customerAccessLog.userId, userIds))
    .orderBy(desc(customerAccessLog.createdAt), desc(customerAccessLog.id));
}

export async function appendAccessLog(db: Executor, entry: CustomerAccessLogRow): Promise<void> {
  await db.insert(customerAccessLog).values(entry);
}

/** Every grant still giving the user the course ends now (orders, plans, seats and the admin's grants alike). */
export async function revokeAllAccessGrants(
  db: Executor,
  grant: { userId: string; courseId: number; at: Date },
): Promise<void> {
  await db
    .update(courseAccessGrants)
    .set({ revokedAt: grant.at })
    .where(
      and(
        eq(courseAccessGrants.userId, grant.userId),
        eq(courseAccessGrants.courseId, grant.courseId),
        isNull(courseAccessGrants.revokedAt),
      ),
    );
}
