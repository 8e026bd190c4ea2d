/**
 * The admin's learners (docs/behaviour/admin.md#learners; docs/decisions.md, 86): each standing enrolment
 * with the learner's progress and drip, and the overrides with their reasons. Unlocking opens every
 * section; resetting restarts the schedule from now and undoes an unlock. Neither touches completions, so
 * nothing completed is ever locked again.
 */
import { randomUUID } from 'node:crypto';
import {
  LEARNER_NOT_FOUND_MESSAGE,
  type AdminLearner,
  type AdminLearnerList,
  type DripOverrideAction,
} from '@platform/contracts';
import { AppError } from '@platform/service-kit/errors';
import { type AdminCaller } from '@platform/service-kit/identity';
import { type Database, type Executor } from '@platform/service-kit/db';
import { countCourseContents } from '../catalogue/catalogue.repository.js';
import { lockLearnerProgress } from '../learning/learning.repository.js';
import {
  countCompletedSections,
  listLearnerDrips,
  listOverrideLog,
  listStandingLearners,
  recordOverride,
} from './learners.repository.js';

/** The admin page's list is this long at most (newest enrolments first). */
export const LEARNER_LIST_LIMIT = 500;

async function learnerViews(db: Executor, userId?: string): Promise<AdminLearner[]> {
  const rows = await listStandingLearners(db, { ...(userId && { userId }), limit: LEARNER_LIST_LIMIT });
  const userIds = [...new Set(rows.map((row) => row.enrolment.userId))];
  const courseIds = [...new Set(rows.map((row) => row.enrolment.courseId))];
  const [sizes, done, drips, log] = await Promise.all([
    countCourseContents(db, courseIds),
    countCompletedSections(db, userIds),
    listLearnerDrips(db, userIds),
    listOverrideLog(db, userIds),
  ]);
  return rows.map(({ enrolment, courseTitle, firstName, lastName, email }) => {
    const drip = drips.find((row) => row.userId === enrolment.userId);
    return {
      userId: enrolment.userId,
      name: `${firstName ?? ''} ${lastName ?? ''}`.trim(),
      email: email ?? '',
      courseId: enrolment.courseId,
      courseTitle,
      enrolledAt: enrolment.enrolledAt.toISOString(),
      sectionCount: sizes.find((size) => size.courseId === enrolment.courseId)?.sections ?? 0,
      completedSectionCount:
        done.find((row) => row.userId === enrolment.userId && row.courseId === enrolment.courseId)?.done ?? 0,
      completedAt: enrolment.completedAt?.toISOString() ?? null,
      unlockedAllAt: drip?.unlockedAllAt?.toISOString() ?? null,
      scheduleRestartedAt: drip?.scheduleRestartedAt?.toISOString() ?? null,
      overrides: log
        .filter((entry) => entry.userId === enrolment.userId)
        .map((entry) => ({
          action: entry.action,
          reason: entry.reason,
          createdAt: entry.createdAt.toISOString(),
        })),
    };
  });
}

/** `GET /api/admin/learners`. */
export async function listLearners(db: Executor): Promise<AdminLearnerList> {
  return learnerViews(db);
}

/** `POST /api/admin/learners/:userId/unlock-all` and `…/reset-progress`: the learner's enrolments after it. */
export async function overrideDrip(
  db: Database,
  call: { caller: AdminCaller; now: Date; userId: string; action: DripOverrideAction; reason: string },
): Promise<AdminLearnerList> {
  return db.transaction(async (tx) => {
    // One override at a time per learner, and never in the middle of their progress writes.
    await lockLearnerProgress(tx, call.userId);
    const before = await learnerViews(tx, call.userId);
    if (before.length === 0) throw new AppError('not_found', LEARNER_NOT_FOUND_MESSAGE);
    await recordOverride(
      tx,
      {
        id: randomUUID(),
        userId: call.userId,
        action: call.action,
        reason: call.reason,
        adminId: call.caller.userId,
        createdAt: call.now,
      },
      call.action === 'unlock_all'
        ? {
            unlockedAllAt: call.now,
            scheduleRestartedAt: before[0]!.scheduleRestartedAt
              ? new Date(before[0]!.scheduleRestartedAt)
              : null,
          }
        : { unlockedAllAt: null, scheduleRestartedAt: call.now },
    );
    return learnerViews(tx, call.userId);
  });
}
