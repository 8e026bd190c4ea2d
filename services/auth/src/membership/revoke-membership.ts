/**
 * `payment.order.refunded`, or `payment.subscription.ended` (a membership plan's Stripe subscription was
 * cancelled or went unpaid) → the order's grant is revoked; when no other paid order stands, membership
 * ends (`isMember` false, `subscriptionStatus` inactive; the role is never touched, so an admin stays
 * admin). `auth.member.revoked` goes out in the same transaction (the caller's, with the inbox row).
 */
import type { EventEnvelope, PaymentOrderRefunded, PaymentSubscriptionEnded } from '@platform/contracts';
import { causedBy, enqueueEvent, type EventHandlerContext } from '@platform/service-kit/events';
import type { ServiceDeps } from '@platform/service-kit/runtime';
import type { AuthConfig } from '../config.js';
import { outboxEvents } from '../db/schema.js';
import {
  countActiveGrants,
  insertRevokedGrant,
  lockGrant,
  lockUserByEmail,
  lockUserById,
  markGrantRevoked,
  markMembershipEnded,
} from './member-grants.repository.js';

export type RevokeOutcome = 'revoked' | 'already-revoked' | 'refunded-before-paid';

export interface RevokeMembershipOptions extends Pick<EventHandlerContext, 'tx' | 'headers' | 'logger'> {
  /** What ends the grant: the order's refund, or the end of the subscription it started. */
  event: EventEnvelope<PaymentOrderRefunded | PaymentSubscriptionEnded>;
}

export async function revokeMembership(
  deps: ServiceDeps<AuthConfig>,
  { tx, event, headers, logger }: RevokeMembershipOptions,
): Promise<RevokeOutcome> {
  const refund = event.data;
  const now = deps.clock.now();
  const grant = await lockGrant(tx, refund.orderId);
  if (!grant) {
    // The refund overtook its payment (separate consumers): remember it, so the payment grants nothing.
    const user = await lockUserByEmail(tx, refund.email);
    await insertRevokedGrant(tx, {
      orderId: refund.orderId,
      userId: user?.id ?? null,
      courseIds: refund.courseIds,
      revokedAt: now,
    });
    logger.warn(
      { orderId: refund.orderId },
      'refund arrived before its payment; the order will grant nothing',
    );
    return 'refunded-before-paid';
  }
  if (grant.revokedAt || !grant.userId) {
    logger.info({ orderId: refund.orderId }, 'grant already revoked; nothing to do');
    return 'already-revoked';
  }

  const user = await lockUserById(tx, grant.userId);
  if (!user) throw new Error(`the account of order ${refund.orderId} is missing`);
  await markGrantRevoked(tx, refund.orderId, now);
  const membershipEnded = (await countActiveGrants(tx, user.id)) === 0;
  if (membershipEnded) await markMembershipEnded(tx, user.id, now);

  await enqueueEvent(
    tx,
    outboxEvents,
    {
      type: 'auth.member.revoked',
      data: {
        userId: user.id,
        email: user.email,
        orderId: refund.orderId,
        courseIds: grant.courseIds,
        membershipEnded,
        revokedAt: now.toISOString(),
      },
      headers: causedBy(event, headers),
    },
    { clock: deps.clock },
  );
  logger.info({ orderId: refund.orderId, userId: user.id, membershipEnded }, 'membership grant revoked');
  return 'revoked';
}
