/**
 * The `planStatus` of an owner on the revenue-share plan (docs/behaviour/revenue-share.md): `rs_active`
 * once the consultation is submitted (or approved), or for an owner who had already bought the course (the
 * plan must not close sections they paid for); `rs_pending` otherwise (section 1 only,
 * docs/behaviour/member-learning.md#drip-release). Whether the owner is blocked is the revenue service's
 * standing, which the course service follows itself.
 */
import type { PlanStatus, UserConsultationStatus } from '@platform/contracts';
import { rowExists, type Executor } from '@platform/service-kit/db';
import { and, eq, gt, isNotNull, isNull } from 'drizzle-orm';
import { memberGrants } from '../db/schema.js';

const SUBMITTED: ReadonlySet<UserConsultationStatus> = new Set(['submitted', 'approved']);

export function revenueSharePlanStatus(owner: {
  consultationStatus: UserConsultationStatus;
  paidForCourse: boolean;
}): PlanStatus {
  return SUBMITTED.has(owner.consultationStatus) || owner.paidForCourse ? 'rs_active' : 'rs_pending';
}

/** Whether a paid, unrefunded order (not the plan's own grant, which costs nothing) made the user a member. */
export async function hasPaidGrant(db: Executor, userId: string): Promise<boolean> {
  return rowExists(
    db,
    memberGrants,
    and(
      eq(memberGrants.userId, userId),
      isNotNull(memberGrants.grantedAt),
      isNull(memberGrants.revokedAt),
      gt(memberGrants.total, 0),
    ),
  );
}
