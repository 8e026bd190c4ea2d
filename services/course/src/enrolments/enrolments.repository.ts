/** Queries on `course.course_enrollments` and `course.course_access_grants`. */
import { findRow, insertOnce, type Executor } from '@platform/service-kit/db';
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { courseAccessGrants, courseEnrollments, courses, type CourseEnrollmentRow } from '../db/schema.js';

/**
 * Serializes every enrolment change of one user until the transaction ends, so a grant and a revocation
 * of two orders of one buyer (separate consumers, several replicas) never interleave.
 */
export async function lockUserEnrolments(db: Executor, userId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`course-enrolments:${userId}`}))`);
}

/** Which of the user's enrolments stand (are not withdrawn), narrowed by `more`. */
export function standingEnrolmentsOf(userId: string, ...more: (SQL | undefined)[]): SQL | undefined {
  return and(eq(courseEnrollments.userId, userId), isNull(courseEnrollments.withdrawnAt), ...more);
}

export async function findExistingCourseIds(db: Executor, courseIds: number[]): Promise<Set<number>> {
  if (courseIds.length === 0) return new Set();
  const rows = await db.select({ id: courses.id }).from(courses).where(inArray(courses.id, courseIds));
  return new Set(rows.map((row) => row.id));
}

/** Records that the order gives the course; false when the order/course pair already has a row. */
export async function insertAccessGrant(
  db: Executor,
  grant: { orderId: string; courseId: number; userId: string; grantedAt: Date },
): Promise<boolean> {
  return (await insertOnce(db, courseAccessGrants, grant)) !== null;
}

/**
 * Revokes the order's grant of the course; records the revocation when the grant has not arrived yet
 * (then the late grant enrols nobody).
 */
export async function revokeAccessGrant(
  db: Executor,
  grant: { orderId: string; courseId: number; userId: string; revokedAt: Date },
): Promise<void> {
  await db
    .insert(courseAccessGrants)
    .values({ ...grant, grantedAt: null })
    .onConflictDoUpdate({
      target: [courseAccessGrants.orderId, courseAccessGrants.courseId],
      set: { revokedAt: grant.revokedAt },
      setWhere: isNull(courseAccessGrants.revokedAt),
    });
}

/** Orders that still give the user this course (paid, not refunded), other than `exceptOrderId` when given. */
export async function countActiveAccessGrants(
  db: Executor,
  userId: string,
  courseId: number,
  exceptOrderId?: string,
): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(courseAccessGrants)
    .where(
      and(
        eq(courseAccessGrants.userId, userId),
        eq(courseAccessGrants.courseId, courseId),
        isNotNull(courseAccessGrants.grantedAt),
        isNull(courseAccessGrants.revokedAt),
        exceptOrderId ? ne(courseAccessGrants.orderId, exceptOrderId) : undefined,
      ),
    );
  return row?.value ?? 0;
}

/**
 * Enrols the user; an enrolment that stands is left as it is (its date drives drip release), a withdrawn
 * one is opened again with this order's dates. Returns whether anything changed.
 */
export async function upsertEnrolment(
  db: Executor,
  enrolment: { userId: string; courseId: number; orderId: string; at: Date },
): Promise<boolean> {
  const changed = await db
    .insert(courseEnrollments)
    .values({
      userId: enrolment.userId,
      courseId: enrolment.courseId,
      orderId: enrolment.orderId,
      enrolledAt: enrolment.at,
      purchasedAt: enrolment.at,
    })
    .onConflictDoUpdate({
      target: [courseEnrollments.userId, courseEnrollments.courseId],
      set: {
        orderId: enrolment.orderId,
        enrolledAt: enrolment.at,
        purchasedAt: enrolment.at,
        withdrawnAt: null,
        pausedByOrderId: null,
      },
      setWhere: isNotNull(courseEnrollments.withdrawnAt),
    })
    .returning({ id: courseEnrollments.id });
  return changed.length > 0;
}

/**
 * Withdraws the user's enrolment in the course if an order created it (one given otherwise stays), or
 * however it was given with `givenToo` (the admin's revocation).
 */
export async function withdrawEnrolment(
  db: Executor,
  options: { userId: string; courseId: number; at: Date; givenToo?: boolean },
): Promise<boolean> {
  const withdrawn = await db
    .update(courseEnrollments)
    .set({ withdrawnAt: options.at })
    .where(
      and(
        eq(courseEnrollments.userId, options.userId),
        eq(courseEnrollments.courseId, options.courseId),
        options.givenToo ? undefined : isNotNull(courseEnrollments.orderId),
        isNull(courseEnrollments.withdrawnAt),
      ),
    )
    .returning({ id: courseEnrollments.id });
  return withdrawn.length > 0;
}

/** The user's standing enrolments, oldest first. */
export async function listActiveEnrolments(db: Executor, userId: string): Promise<CourseEnrollmentRow[]> {
  return db
    .select()
    .from(courseEnrollments)
    .where(standingEnrolmentsOf(userId))
    .orderBy(asc(courseEnrollments.enrolledAt), asc(courseEnrollments.id));
}

/** The newest paid, unrefunded order that gives the user any course: what makes them a member here. */
export async function findNewestActiveGrantOrder(db: Executor, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ orderId: courseAccessGrants.orderId })
    .from(courseAccessGrants)
    .where(
      and(
        eq(courseAccessGrants.userId, userId),
        isNotNull(courseAccessGrants.grantedAt),
        isNull(courseAccessGrants.revokedAt),
      ),
    )
    .orderBy(desc(courseAccessGrants.grantedAt))
    .limit(1);
  return row?.orderId ?? null;
}

/** Every course the order gives (bought with it, or enrolled in through 'Enroll Now' on the strength of it). */
export async function listCoursesGrantedByOrder(db: Executor, orderId: string): Promise<number[]> {
  const rows = await db
    .select({ courseId: courseAccessGrants.courseId })
    .from(courseAccessGrants)
    .where(eq(courseAccessGrants.orderId, orderId));
  return rows.map((row) => row.courseId);
}

/** The user's enrolment in the course if it stands. */
export async function findStandingEnrolment(
  db: Executor,
  userId: string,
  courseId: number,
): Promise<CourseEnrollmentRow | null> {
  return findRow(
    db,
    courseEnrollments,
    standingEnrolmentsOf(userId, eq(courseEnrollments.courseId, courseId)),
  );
}

/** An admin's own enrolment (no order gives it); re-opens a withdrawn one. */
export async function upsertGivenEnrolment(
  db: Executor,
  enrolment: { userId: string; courseId: number; at: Date },
): Promise<void> {
  await db
    .insert(courseEnrollments)
    .values({ userId: enrolment.userId, courseId: enrolment.courseId, enrolledAt: enrolment.at })
    .onConflictDoUpdate({
      target: [courseEnrollments.userId, courseEnrollments.courseId],
      set: { orderId: null, enrolledAt: enrolment.at, purchasedAt: null, withdrawnAt: null },
      setWhere: isNotNull(courseEnrollments.withdrawnAt),
    });
}
