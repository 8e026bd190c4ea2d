/**
 * `revenue.plan.consented` → the owner's account records the consent (`revenueShareConsentAt`,
 * `termsVersion`) and its `planStatus` (`rs_pending`, or `rs_active` when the consultation is already
 * submitted), and becomes a member through a grant of the plan (no money: `total` 0, keyed by the plan id),
 * so a refund of another order never ends the membership the plan gives. The change is announced
 * (`auth.user.status-changed`) in the same transaction. A second event for the owner changes nothing.
 */
import type { EventEnvelope, RevenuePlanConsented } from '@platform/contracts';
import type { Transaction } from '@platform/service-kit/db';
import type { Logger } from '@platform/service-kit/logger';
import type { ServiceDeps } from '@platform/service-kit/runtime';
import { eq } from 'drizzle-orm';
import type { AuthConfig } from '../config.js';
import { users } from '../db/schema.js';
import { insertGrant, lockUserById, markPaidMember } from '../membership/member-grants.repository.js';
import { announceStatus } from './announce-status.js';
import { hasPaidGrant, revenueSharePlanStatus } from './plan-status.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type JoinOutcome = 'joined' | 'already-joined' | 'no-account';

export async function joinRevenueShare(
  deps: ServiceDeps<AuthConfig>,
  options: {
    tx: Transaction;
    event: EventEnvelope<RevenuePlanConsented>;
    headers: Record<string, string>;
    logger: Logger;
  },
): Promise<JoinOutcome> {
  const { tx, event, logger } = options;
  const plan = event.data;
  const user = UUID.test(plan.userId) ? await lockUserById(tx, plan.userId) : undefined;
  if (!user) {
    // Consent comes from a signed-in account; one deleted since has nothing to record.
    logger.warn({ userId: plan.userId, planId: plan.planId }, 'revenue-share consent for an unknown account');
    return 'no-account';
  }
  if (user.revenueShareConsentAt) {
    logger.info({ userId: user.id }, 'revenue-share consent already recorded');
    return 'already-joined';
  }
  const now = deps.clock.now();
  const consentedAt = new Date(plan.consentedAt);
  const planStatus = revenueSharePlanStatus({
    consultationStatus: user.consultationStatus,
    paidForCourse: await hasPaidGrant(tx, user.id),
  });
  await insertGrant(tx, {
    orderId: plan.planId,
    userId: user.id,
    courseIds: [],
    total: 0,
    grantedAt: consentedAt,
  });
  await markPaidMember(tx, { userId: user.id, memberSince: consentedAt, now });
  const [joined] = await tx
    .update(users)
    .set({ revenueShareConsentAt: consentedAt, termsVersion: plan.termsVersion, planStatus, updatedAt: now })
    .where(eq(users.id, user.id))
    .returning();
  await announceStatus(tx, joined!, { clock: deps.clock, causationId: event.id, headers: options.headers });
  logger.info({ userId: user.id, planStatus }, 'revenue-share consent recorded');
  return 'joined';
}
