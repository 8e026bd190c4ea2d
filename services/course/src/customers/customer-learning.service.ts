/**
 * The course service's part of the admin's customers (docs/behaviour/admin.md#customers; docs/decisions.md,
 * 100): each course with the customer's access, progress and the lesson they are stuck at, and the admin's
 * grants and revocations. A grant is an access grant of its own (its id in `course_access_grants.order_id`)
 * that enrols the customer, as an order's does; a revocation ends every grant of that course and withdraws
 * the enrolment. Either is refused when it would change nothing, and is kept with its reason in
 * `customer_access_log`, in the transaction of the change, under the user's enrolment lock.
 */
import { randomUUID } from 'node:crypto';
import {
  ACCESS_MESSAGES,
  type CustomerAccessAction,
  type CustomerCourse,
  type CustomerLearning,
} from '@platform/contracts';
import { type Database, type Executor } from '@platform/service-kit/db';
import { AppError } from '@platform/service-kit/errors';
import { type AdminCaller } from '@platform/service-kit/identity';
import type { Logger } from '@platform/service-kit/logger';
import { countCourseContents } from '../catalogue/catalogue.repository.js';
import {
  findExistingCourseIds,
  findStandingEnrolment,
  insertAccessGrant,
  lockUserEnrolments,
  upsertEnrolment,
  withdrawEnrolment,
} from '../enrolments/enrolments.repository.js';
import { endSeatsWithoutOwnerAccess } from '../team/team.service.js';
import {
  appendAccessLog,
  listAccessLog,
  listAllCourses,
  listCompletedModules,
  listLessonProgress,
  listPublishedOutline,
  listStandingEnrolments,
  revokeAllAccessGrants,
} from './customer-learning.repository.js';

const iso = (date: Date | null | undefined) => date?.toISOString() ?? null;

/** `GET /api/admin/customers/learning?userIds=…`: one entry per asked account, in the order asked. */
export async function listCustomerLearning(db: Executor, userIds: string[]): Promise<CustomerLearning[]> {
  const [allCourses, enrolments, outline, progress, modulesDone, log] = await Promise.all([
    listAllCourses(db),
    listStandingEnrolments(db, userIds),
    listPublishedOutline(db),
    listLessonProgress(db, userIds),
    listCompletedModules(db, userIds),
    listAccessLog(db, userIds),
  ]);
  const sizes = await countCourseContents(
    db,
    allCourses.map((course) => course.id),
  );
  return userIds.map((userId) => {
    const own = progress.filter((row) => row.userId === userId);
    const doneModules = new Set(
      modulesDone.filter((row) => row.userId === userId).map((row) => row.moduleId),
    );
    const doneLessons = new Set(own.filter((row) => row.completed).map((row) => row.lessonId));
    const courseViews = allCourses.map((course): CustomerCourse => {
      const enrolment = enrolments.find((row) => row.userId === userId && row.courseId === course.id);
      const lessons = outline.filter((row) => row.courseId === course.id);
      const sectionIds = new Set(lessons.map((row) => row.moduleId));
      const next = enrolment
        ? lessons.find((row) => !doneModules.has(row.moduleId) && !doneLessons.has(row.lessonId))
        : undefined;
      return {
        courseId: course.id,
        courseTitle: course.title,
        hasAccess: Boolean(enrolment),
        enrolledAt: iso(enrolment?.enrolledAt),
        sectionCount: sizes.find((size) => size.courseId === course.id)?.sections ?? 0,
        completedSectionCount: [...doneModules].filter((id) => sectionIds.has(id)).length,
        completedAt: iso(enrolment?.completedAt),
        stuckAt: next
          ? {
              sectionTitle: next.sectionTitle,
              lessonTitle: next.lessonTitle,
              lastOpenedAt: iso(own.find((row) => row.lessonId === next.lessonId)?.lastAccessedAt),
            }
          : null,
      };
    });
    const lastActivity = own
      .flatMap((row) => [row.lastAccessedAt, row.completedAt])
      .reduce<Date | null>((latest, at) => (at && (!latest || at > latest) ? at : latest), null);
    return {
      userId,
      courses: courseViews,
      lastActivityAt: iso(lastActivity),
      accessLog: log
        .filter((entry) => entry.userId === userId)
        .map((entry) => ({
          courseId: entry.courseId,
          action: entry.action,
          reason: entry.reason,
          adminEmail: entry.adminEmail,
          createdAt: entry.createdAt.toISOString(),
        })),
    };
  });
}

/** `POST /api/admin/customers/learning/:userId/grant` and `…/revoke`: the customer's learning after it. */
export async function changeCustomerAccess(
  deps: { db: Database; logger: Logger },
  call: {
    caller: AdminCaller;
    now: Date;
    userId: string;
    courseId: number;
    action: CustomerAccessAction;
    reason: string;
  },
): Promise<CustomerLearning> {
  const { userId, courseId, now } = call;
  return deps.db.transaction(async (tx) => {
    await lockUserEnrolments(tx, userId);
    if (!(await findExistingCourseIds(tx, [courseId])).has(courseId)) {
      throw new AppError('not_found', ACCESS_MESSAGES.courseNotFound);
    }
    const standing = await findStandingEnrolment(tx, userId, courseId);
    const id = randomUUID();
    if (call.action === 'grant') {
      if (standing) throw new AppError('conflict', ACCESS_MESSAGES.alreadyHas);
      await insertAccessGrant(tx, { orderId: id, courseId, userId, grantedAt: now });
      await upsertEnrolment(tx, { userId, courseId, orderId: id, at: now });
    } else {
      if (!standing) throw new AppError('conflict', ACCESS_MESSAGES.hasNot);
      await revokeAllAccessGrants(tx, { userId, courseId, at: now });
      await withdrawEnrolment(tx, { userId, courseId, at: now, givenToo: true });
      await endSeatsWithoutOwnerAccess(tx, userId, now, deps.logger);
    }
    await appendAccessLog(tx, {
      id,
      userId,
      courseId,
      action: call.action,
      reason: call.reason,
      adminId: call.caller.userId,
      adminEmail: call.caller.email,
      createdAt: now,
    });
    deps.logger.info({ userId, courseId, action: call.action }, 'customer access changed by the admin');
    const [view] = await listCustomerLearning(tx, [userId]);
    return view!;
  });
}
