/**
 * `revenue.plan.consented` → the owner is enrolled in the programme's course, as a purchase would enrol
 * them (docs/architecture.md#revenue-share-consent-to-course-access): the plan id stands in for the order,
 * so the access lasts whatever happens to the owner's orders, and a repeat changes nothing. The course is
 * the one the course product sells (the first published course), as for the checkout. Enrolled at the
 * consent: section 1 opens at once; the rs_pending rule of drip release keeps sections 2-8 until the
 * consultation is submitted (auth's `planStatus`, projected from `auth.user.status-changed`).
 */
import type { RevenuePlanConsented } from '@platform/contracts';
import type { Transaction } from '@platform/service-kit/db';
import type { Logger } from '@platform/service-kit/logger';
import { asc, eq } from 'drizzle-orm';
import { courses } from '../db/schema.js';
import { enrolMember } from './enrol-member.js';

export async function enrolRevenueShareOwner(
  tx: Transaction,
  plan: RevenuePlanConsented,
  logger: Logger,
): Promise<{ enrolled: number[] }> {
  const [course] = await tx
    .select({ id: courses.id })
    .from(courses)
    .where(eq(courses.isPublished, true))
    .orderBy(asc(courses.id))
    .limit(1);
  if (!course) {
    // Not something a retry fixes: the catalogue is seeded at start. Loud, so it is seen.
    logger.error(
      { planId: plan.planId, userId: plan.userId },
      'no published course for the revenue-share plan',
    );
    return { enrolled: [] };
  }
  return enrolMember(
    tx,
    { userId: plan.userId, orderId: plan.planId, courseIds: [course.id], grantedAt: plan.consentedAt },
    logger,
  );
}
