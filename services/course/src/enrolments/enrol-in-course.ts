/**
 * 'Enroll Now' (`POST /api/courses/:id/enroll`): a member enrols in a published course they do not have
 * yet. A member is someone a paid, unrefunded order gives a course (every purchase that makes a member
 * enrols them in what it sells); the new enrolment is recorded as given by that same order, so refunding
 * it withdraws this enrolment as well. An admin may enrol without an order. Idempotent: an enrolment
 * that stands is returned as it is (its date drives the drip release).
 */
import { COURSE_NOT_FOUND_MESSAGE, MEMBERSHIP_REQUIRED_MESSAGE, type Enrollment } from '@platform/contracts';
import type { Database } from '@platform/service-kit/db';
import { AppError } from '@platform/service-kit/errors';
import type { SignedInCaller } from '../learning/course-access.js';
import { findCourse } from '../learning/learning.repository.js';
import {
  findNewestActiveGrantOrder,
  findStandingEnrolment,
  insertAccessGrant,
  lockUserEnrolments,
  upsertEnrolment,
  upsertGivenEnrolment,
} from './enrolments.repository.js';
import { toEnrollment } from './list-enrolments.js';

export async function enrolInCourse(
  db: Database,
  call: { caller: SignedInCaller; courseId: number; now: Date },
): Promise<{ enrolment: Enrollment; created: boolean }> {
  const { caller, courseId, now } = call;
  return db.transaction(async (tx) => {
    await lockUserEnrolments(tx, caller.userId);
    const course = await findCourse(tx, courseId);
    const standing = await findStandingEnrolment(tx, caller.userId, courseId);
    if (standing) return { enrolment: toEnrollment(standing), created: false };
    if (!course?.isPublished) throw new AppError('not_found', COURSE_NOT_FOUND_MESSAGE);

    if (caller.role === 'admin') {
      await upsertGivenEnrolment(tx, { userId: caller.userId, courseId, at: now });
    } else {
      const orderId = await findNewestActiveGrantOrder(tx, caller.userId);
      if (!orderId) throw new AppError('forbidden', MEMBERSHIP_REQUIRED_MESSAGE);
      await insertAccessGrant(tx, { orderId, courseId, userId: caller.userId, grantedAt: now });
      await upsertEnrolment(tx, { userId: caller.userId, courseId, orderId, at: now });
    }
    const created = await findStandingEnrolment(tx, caller.userId, courseId);
    return { enrolment: toEnrollment(created!), created: true };
  });
}
