/**
 * `auth.member.granted` → an enrolment per course the order gives (docs/decisions.md, 13; the key
 * choreography). Idempotent beyond the inbox: a course the order already gave, or whose refund overtook the
 * grant, changes nothing, and an enrolment that stands keeps its date.
 */
import type { AuthMemberGranted } from '@platform/contracts';
import type { Transaction } from '@platform/service-kit/db';
import type { Logger } from '@platform/service-kit/logger';
import {
  findExistingCourseIds,
  insertAccessGrant,
  lockUserEnrolments,
  upsertEnrolment,
} from './enrolments.repository.js';

export async function enrolMember(
  tx: Transaction,
  /** What gives the courses: an order's grant, or a revenue-share plan (its id in `orderId`). */
  grant: Pick<AuthMemberGranted, 'userId' | 'orderId' | 'courseIds' | 'grantedAt'>,
  logger: Logger,
): Promise<{ enrolled: number[] }> {
  const courseIds = [...new Set(grant.courseIds)];
  if (courseIds.length === 0) return { enrolled: [] };
  await lockUserEnrolments(tx, grant.userId);
  const known = await findExistingCourseIds(tx, courseIds);
  const at = new Date(grant.grantedAt);
  const enrolled: number[] = [];
  for (const courseId of courseIds) {
    if (!known.has(courseId)) {
      // Not something a retry can fix (the payment service prices from this catalogue): log it loudly.
      logger.error({ orderId: grant.orderId, courseId }, 'granted course does not exist; not enrolled');
      continue;
    }
    const fresh = await insertAccessGrant(tx, {
      orderId: grant.orderId,
      courseId,
      userId: grant.userId,
      grantedAt: at,
    });
    if (!fresh) continue; // granted before, or refunded before the grant arrived
    if (await upsertEnrolment(tx, { userId: grant.userId, courseId, orderId: grant.orderId, at })) {
      enrolled.push(courseId);
    }
  }
  logger.info({ orderId: grant.orderId, userId: grant.userId, enrolled }, 'member enrolled');
  return { enrolled };
}
