/**
 * `auth.member.revoked` → the refunded order stops giving its courses; an enrolment is withdrawn when no
 * other paid order gives that course (refunding one of two purchases keeps it). Courses enrolled in with
 * 'Enroll Now' on the strength of the order go with it.
 */
import type { AuthMemberRevoked } from '@platform/contracts';
import type { Transaction } from '@platform/service-kit/db';
import type { Logger } from '@platform/service-kit/logger';
import {
  countActiveAccessGrants,
  listCoursesGrantedByOrder,
  lockUserEnrolments,
  revokeAccessGrant,
  withdrawEnrolment,
} from './enrolments.repository.js';

export async function withdrawEnrolments(
  tx: Transaction,
  revocation: Pick<AuthMemberRevoked, 'userId' | 'orderId' | 'courseIds' | 'revokedAt'>,
  logger: Logger,
): Promise<{ withdrawn: number[] }> {
  await lockUserEnrolments(tx, revocation.userId);
  // The order's own courses, and those its buyer enrolled in through 'Enroll Now' on the strength of it.
  const courseIds = [
    ...new Set([...revocation.courseIds, ...(await listCoursesGrantedByOrder(tx, revocation.orderId))]),
  ];
  if (courseIds.length === 0) return { withdrawn: [] };
  const at = new Date(revocation.revokedAt);
  const withdrawn: number[] = [];
  for (const courseId of courseIds) {
    await revokeAccessGrant(tx, {
      orderId: revocation.orderId,
      courseId,
      userId: revocation.userId,
      revokedAt: at,
    });
    if ((await countActiveAccessGrants(tx, revocation.userId, courseId)) > 0) continue;
    if (await withdrawEnrolment(tx, { userId: revocation.userId, courseId, at })) withdrawn.push(courseId);
  }
  logger.info({ orderId: revocation.orderId, userId: revocation.userId, withdrawn }, 'enrolments withdrawn');
  return { withdrawn };
}
