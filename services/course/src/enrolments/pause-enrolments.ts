/**
 * A payment plan's pause and resumption (docs/behaviour/checkout-and-payments.md#payment-plan):
 * `payment.plan.paused` closes the enrolments the plan's order gives, unless another order still gives the
 * course, and marks them paused by that order; `payment.plan.resumed` opens exactly those again with their
 * dates unchanged, so the sections released meanwhile are there and progress is kept.
 */
import type { PaymentPlanPaused, PaymentPlanResumed } from '@platform/contracts';
import type { Transaction } from '@platform/service-kit/db';
import type { Logger } from '@platform/service-kit/logger';
import { and, eq } from 'drizzle-orm';
import { courseEnrollments } from '../db/schema.js';
import {
  countActiveAccessGrants,
  lockUserEnrolments,
  standingEnrolmentsOf,
} from './enrolments.repository.js';

export async function pauseEnrolments(
  tx: Transaction,
  pause: Pick<PaymentPlanPaused, 'userId' | 'orderId' | 'courseIds' | 'pausedAt'>,
  logger: Logger,
): Promise<number[]> {
  await lockUserEnrolments(tx, pause.userId);
  const paused: number[] = [];
  for (const courseId of pause.courseIds) {
    if ((await countActiveAccessGrants(tx, pause.userId, courseId, pause.orderId)) > 0) continue;
    const rows = await tx
      .update(courseEnrollments)
      .set({ withdrawnAt: new Date(pause.pausedAt), pausedByOrderId: pause.orderId })
      .where(standingEnrolmentsOf(pause.userId, eq(courseEnrollments.courseId, courseId)))
      .returning({ id: courseEnrollments.id });
    if (rows.length > 0) paused.push(courseId);
  }
  logger.info(
    { orderId: pause.orderId, userId: pause.userId, paused },
    'enrolments paused by a payment plan',
  );
  return paused;
}

export async function resumeEnrolments(
  tx: Transaction,
  resume: Pick<PaymentPlanResumed, 'userId' | 'orderId'>,
  logger: Logger,
): Promise<number[]> {
  await lockUserEnrolments(tx, resume.userId);
  const rows = await tx
    .update(courseEnrollments)
    .set({ withdrawnAt: null, pausedByOrderId: null })
    .where(
      and(eq(courseEnrollments.userId, resume.userId), eq(courseEnrollments.pausedByOrderId, resume.orderId)),
    )
    .returning({ courseId: courseEnrollments.courseId });
  const resumed = rows.map((row) => row.courseId);
  logger.info({ orderId: resume.orderId, userId: resume.userId, resumed }, 'enrolments resumed');
  return resumed;
}
