/**
 * A payment plan's pause and resumption (docs/behaviour/checkout-and-payments.md#payment-plan):
 * `payment.plan.paused` closes the enrolments the plan's order gives, unless another order still gives the
 * course, and marks them paused by that order; `payment.plan.resumed` opens exactly those again with their
 * dates unchanged, so the sections released meanwhile are there and progress is kept. Each applies only if
 * it is newer than the plan's last pause or resumption applied here (`plan_pause_states`): a pause whose
 * delivery failed and came back after the resumption leaves the paid-up plan open.
 */
import type { PaymentPlanPaused, PaymentPlanResumed } from '@platform/contracts';
import type { Transaction } from '@platform/service-kit/db';
import type { Logger } from '@platform/service-kit/logger';
import { and, eq, lt } from 'drizzle-orm';
import { courseEnrollments, planPauseStates } from '../db/schema.js';
import {
  countActiveAccessGrants,
  lockUserEnrolments,
  standingEnrolmentsOf,
} from './enrolments.repository.js';

/**
 * Records the plan's pause or resumption at `at` unless one at the same time or later is recorded; whether
 * it was (and so is to be applied). The row's lock orders two changes of one plan.
 */
async function isLatestPlanChange(
  tx: Transaction,
  change: { orderId: string; userId: string; paused: boolean; at: Date },
): Promise<boolean> {
  const rows = await tx
    .insert(planPauseStates)
    .values({ orderId: change.orderId, userId: change.userId, paused: change.paused, changedAt: change.at })
    .onConflictDoUpdate({
      target: planPauseStates.orderId,
      set: { paused: change.paused, changedAt: change.at },
      setWhere: lt(planPauseStates.changedAt, change.at),
    })
    .returning({ orderId: planPauseStates.orderId });
  return rows.length > 0;
}

export async function pauseEnrolments(
  tx: Transaction,
  pause: Pick<PaymentPlanPaused, 'userId' | 'orderId' | 'courseIds' | 'pausedAt'>,
  logger: Logger,
): Promise<number[]> {
  await lockUserEnrolments(tx, pause.userId);
  const change = { orderId: pause.orderId, userId: pause.userId, paused: true, at: new Date(pause.pausedAt) };
  if (!(await isLatestPlanChange(tx, change))) {
    logger.info(
      { orderId: pause.orderId, userId: pause.userId },
      'plan pause older than its resumption: ignored',
    );
    return [];
  }
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
  resume: Pick<PaymentPlanResumed, 'userId' | 'orderId' | 'resumedAt'>,
  logger: Logger,
): Promise<number[]> {
  await lockUserEnrolments(tx, resume.userId);
  const change = {
    orderId: resume.orderId,
    userId: resume.userId,
    paused: false,
    at: new Date(resume.resumedAt),
  };
  if (!(await isLatestPlanChange(tx, change))) {
    logger.info(
      { orderId: resume.orderId, userId: resume.userId },
      'plan resumption older than its pause: ignored',
    );
    return [];
  }
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
