/** Queries of staff seats (docs/behaviour/member-learning.md#team). */
import { findRow, insertOnce, updateRows, type Executor } from '@platform/service-kit/db';
import {
  and,
  asc,
  count,
  eq,
  exists,
  inArray,
  isNotNull,
  isNull,
  max,
  notExists,
  or,
  sql,
} from 'drizzle-orm';
import {
  courseAccessGrants,
  courseEnrollments,
  courseModules,
  lessonProgress,
  courseLessons,
  moduleProgress,
  teamSeats,
  type CourseEnrollmentRow,
  type TeamSeatRow,
} from '../db/schema.js';
import { standingEnrolmentsOf } from '../enrolments/enrolments.repository.js';

const OPEN = ['invited', 'active'] as const;

/** Serializes an owner's seat changes, so parallel invitations never pass the seat limit together. */
export async function lockOwnerSeats(db: Executor, ownerId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`course-team:${ownerId}`}))`);
}

/**
 * The owner's standing enrolments that something of their own still gives (a paid order, a plan, the
 * admin's grant), not only someone's seat. Judged by the access grants, not by the order that first made
 * the enrolment: a seat member who buys the course owns it from then on, and an owner whose purchase is
 * refunded while a seat keeps the course open owns it no more.
 */
export async function listOwnEnrolments(db: Executor, userId: string): Promise<CourseEnrollmentRow[]> {
  const ownGrant = db
    .select({ orderId: courseAccessGrants.orderId })
    .from(courseAccessGrants)
    .where(
      and(
        eq(courseAccessGrants.userId, courseEnrollments.userId),
        eq(courseAccessGrants.courseId, courseEnrollments.courseId),
        isNotNull(courseAccessGrants.grantedAt),
        isNull(courseAccessGrants.revokedAt),
        notExists(
          db.select({ id: teamSeats.id }).from(teamSeats).where(eq(teamSeats.id, courseAccessGrants.orderId)),
        ),
      ),
    );
  return (
    db
      .select()
      .from(courseEnrollments)
      // An enrolment without an order is one the admin gave themselves (no grant records it).
      .where(standingEnrolmentsOf(userId, or(isNull(courseEnrollments.orderId), exists(ownGrant))))
      .orderBy(asc(courseEnrollments.courseId))
  );
}

export async function listOpenSeats(db: Executor, ownerId: string): Promise<TeamSeatRow[]> {
  return db
    .select()
    .from(teamSeats)
    .where(and(eq(teamSeats.ownerId, ownerId), inArray(teamSeats.status, [...OPEN])))
    .orderBy(asc(teamSeats.invitedAt), asc(teamSeats.id));
}

export async function insertSeat(db: Executor, row: TeamSeatRow): Promise<boolean> {
  return (await insertOnce(db, teamSeats, row)) !== null;
}

export async function findOpenSeat(db: Executor, seatId: string): Promise<TeamSeatRow | null> {
  return findRow(db, teamSeats, and(eq(teamSeats.id, seatId), inArray(teamSeats.status, [...OPEN])), {
    lock: true,
  });
}

export async function activateSeat(
  db: Executor,
  seat: { id: string; memberUserId: string; at: Date },
): Promise<boolean> {
  const joined = { status: 'active' as const, memberUserId: seat.memberUserId, joinedAt: seat.at };
  return updateRows(db, teamSeats, joined, and(eq(teamSeats.id, seat.id), eq(teamSeats.status, 'invited')));
}

export async function closeSeat(
  db: Executor,
  seat: { id: string; status: 'removed' | 'ended'; at: Date },
): Promise<boolean> {
  const closed = { status: seat.status, closedAt: seat.at };
  return updateRows(
    db,
    teamSeats,
    closed,
    and(eq(teamSeats.id, seat.id), inArray(teamSeats.status, [...OPEN])),
  );
}

/** The owner whose seat gives this member their courses, if any (the owner's block applies to them too). */
export async function findSeatOwnerOf(db: Executor, memberUserId: string): Promise<string | null> {
  const [row] = await db
    .select({ ownerId: teamSeats.ownerId })
    .from(teamSeats)
    .where(and(eq(teamSeats.memberUserId, memberUserId), eq(teamSeats.status, 'active')))
    .orderBy(asc(teamSeats.joinedAt))
    .limit(1);
  return row?.ownerId ?? null;
}

export interface MemberProgress {
  completedSections: number;
  totalSections: number;
  lastActiveAt: Date | null;
}

/** One member's completed sections of the given courses (published sections only) and last activity. */
export async function readMemberProgress(
  db: Executor,
  userId: string,
  courseIds: number[],
): Promise<MemberProgress> {
  if (courseIds.length === 0) return { completedSections: 0, totalSections: 0, lastActiveAt: null };
  const published = and(inArray(courseModules.courseId, courseIds), eq(courseModules.isPublished, true));
  const [[total], [completed], [active]] = await Promise.all([
    db.select({ n: count() }).from(courseModules).where(published),
    db
      .select({ n: count() })
      .from(moduleProgress)
      .innerJoin(courseModules, eq(courseModules.id, moduleProgress.moduleId))
      .where(and(eq(moduleProgress.userId, userId), eq(moduleProgress.completed, true), published)),
    db
      .select({ at: max(lessonProgress.lastAccessedAt) })
      .from(lessonProgress)
      .innerJoin(courseLessons, eq(courseLessons.id, lessonProgress.lessonId))
      .innerJoin(courseModules, eq(courseModules.id, courseLessons.moduleId))
      .where(and(eq(lessonProgress.userId, userId), inArray(courseModules.courseId, courseIds))),
  ]);
  return {
    completedSections: completed?.n ?? 0,
    totalSections: total?.n ?? 0,
    lastActiveAt: active?.at ?? null,
  };
}
