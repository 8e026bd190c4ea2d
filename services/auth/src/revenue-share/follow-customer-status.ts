/**
 * `revenue.customer.status-changed` → `planStatus` (docs/decisions.md, 27): `blocked` makes it
 * `rs_blocked`; any other status lifts a block (back to `rs_active` or `rs_pending` by the consultation).
 * The highest `sequence` wins, so a late, older event changes nothing. A status for an owner whose consent
 * is not recorded yet (the consent event is still on its way) is retried later.
 */
import type { EventEnvelope, RevenueCustomerStatusChanged } from '@platform/contracts';
import type { Transaction } from '@platform/service-kit/db';
import type { Logger } from '@platform/service-kit/logger';
import type { ServiceDeps } from '@platform/service-kit/runtime';
import { eq } from 'drizzle-orm';
import type { AuthConfig } from '../config.js';
import { users } from '../db/schema.js';
import { lockUserById } from '../membership/member-grants.repository.js';
import { announceStatus } from './announce-status.js';
import { hasPaidGrant, revenueSharePlanStatus } from './plan-status.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function followCustomerStatus(
  deps: ServiceDeps<AuthConfig>,
  options: {
    tx: Transaction;
    event: EventEnvelope<RevenueCustomerStatusChanged>;
    headers: Record<string, string>;
    logger: Logger;
  },
): Promise<'changed' | 'unchanged' | 'stale' | 'no-account'> {
  const { tx, event, logger } = options;
  const change = event.data;
  const user = UUID.test(change.userId) ? await lockUserById(tx, change.userId) : undefined;
  if (!user) {
    logger.warn({ userId: change.userId }, 'customer status for an unknown account');
    return 'no-account';
  }
  if (!user.revenueShareConsentAt) {
    throw new Error(`the revenue-share consent of ${user.id} is not recorded yet; retrying`);
  }
  if (user.revenueStatusSequence >= change.sequence) {
    logger.info({ userId: user.id, status: change.status }, 'older customer status; ignored');
    return 'stale';
  }
  const planStatus = revenueSharePlanStatus({
    consultationStatus: user.consultationStatus,
    blocked: change.status === 'blocked',
    paidForCourse: await hasPaidGrant(tx, user.id),
  });
  const [updated] = await tx
    .update(users)
    .set({ planStatus, revenueStatusSequence: change.sequence, updatedAt: deps.clock.now() })
    .where(eq(users.id, user.id))
    .returning();
  if (planStatus === user.planStatus) return 'unchanged';
  await announceStatus(tx, updated!, { clock: deps.clock, causationId: event.id, headers: options.headers });
  logger.info(
    { userId: user.id, planStatus, customerStatus: change.status },
    'plan status follows the ledger',
  );
  return 'changed';
}
