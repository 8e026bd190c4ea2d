/**
 * `payment.order.paid` → membership (docs/decisions.md, 13: guest checkout): the buyer's account is the one
 * that placed the order when a signed-in buyer did (whatever billing e-mail they typed), otherwise found by
 * the billing e-mail or created without a password; the order's grant recorded, the account made a paid
 * member and, when it cannot sign in yet, given a set-password link; `auth.member.granted` goes out in the
 * same transaction (the caller's, which also holds the inbox row).
 */
import type { EventEnvelope, PaymentOrderPaid } from '@platform/contracts';
import { DAY } from '@platform/service-kit/clock';
import type { Transaction } from '@platform/service-kit/db';
import { causedBy, enqueueEvent, type EventHandlerContext } from '@platform/service-kit/events';
import type { ServiceDeps } from '@platform/service-kit/runtime';
import { insertUser, normalizeEmail } from '../accounts/users.repository.js';
import type { AuthConfig } from '../config.js';
import { outboxEvents, type UserRow } from '../db/schema.js';
import { insertPasswordToken } from '../passwords/password-tokens.repository.js';
import { newSecretToken } from '../sessions/secret-token.js';
import {
  insertGrant,
  lockGrant,
  lockUserByEmail,
  lockUserById,
  markPaidMember,
} from './member-grants.repository.js';

/**
 * A set-password link from a purchase stays valid for 7 days: long enough for an e-mail read days later
 * (a reset link, asked for on purpose, lasts 1 hour). Once used or expired, "Forgot your password?"
 * sends a new one.
 */
export const SETUP_LINK_TTL_MS = 7 * DAY;

export type GrantOutcome = 'granted' | 'already-granted' | 'refunded-before-paid';

export interface GrantMembershipOptions extends Pick<EventHandlerContext, 'tx' | 'headers' | 'logger'> {
  event: EventEnvelope<PaymentOrderPaid>;
}

export async function grantMembership(
  deps: ServiceDeps<AuthConfig>,
  { tx, event, headers, logger }: GrantMembershipOptions,
): Promise<GrantOutcome> {
  const order = event.data;
  const now = deps.clock.now();
  const existing = await lockGrant(tx, order.orderId);
  if (existing) {
    const outcome = existing.grantedAt ? 'already-granted' : 'refunded-before-paid';
    logger.info({ orderId: order.orderId, outcome }, 'order already handled; membership unchanged');
    return outcome;
  }

  const { user, isNewAccount } = await findOrCreateBuyer(deps, tx, order, now);
  if (
    !(await insertGrant(tx, {
      orderId: order.orderId,
      userId: user.id,
      courseIds: order.courseIds,
      total: order.total,
      grantedAt: now,
    }))
  ) {
    return 'already-granted';
  }
  await markPaidMember(tx, { userId: user.id, memberSince: new Date(order.paidAt), now });

  const setPassword = await issueSetupLinkIfNeeded(tx, user, now);

  await enqueueEvent(
    tx,
    outboxEvents,
    {
      type: 'auth.member.granted',
      data: {
        userId: user.id,
        email: user.email,
        firstName: user.firstName,
        lastName: user.lastName,
        orderId: order.orderId,
        courseIds: order.courseIds,
        isNewAccount,
        setPassword,
        grantedAt: now.toISOString(),
      },
      headers: causedBy(event, headers),
    },
    { clock: deps.clock },
  );
  logger.info(
    { orderId: order.orderId, userId: user.id, isNewAccount, setPasswordLink: setPassword !== null },
    'membership granted for a paid order',
  );
  return 'granted';
}

/**
 * A new account, or one an earlier checkout or invitation created that never got a password: it needs a
 * set-password link (the token's only clear copy goes out in the event). Null when the account can sign in.
 */
export async function issueSetupLinkIfNeeded(
  tx: Transaction,
  user: UserRow,
  now: Date,
): Promise<{ token: string; expiresAt: string } | null> {
  if (user.passwordHash !== null || user.oidcSubject !== null) return null;
  const { token, id } = newSecretToken();
  const expiresAt = new Date(now.getTime() + SETUP_LINK_TTL_MS);
  await insertPasswordToken(tx, { id, userId: user.id, purpose: 'setup', createdAt: now, expiresAt });
  return { token, expiresAt: expiresAt.toISOString() };
}

/** Account ids are UUIDs; anything else names no account (and must not reach a uuid column). */
const ACCOUNT_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function findOrCreateBuyer(
  deps: ServiceDeps<AuthConfig>,
  tx: Transaction,
  order: PaymentOrderPaid,
  now: Date,
): Promise<{ user: UserRow; isNewAccount: boolean }> {
  // The order belongs to whoever was signed in when it was placed; the billing e-mail only receives the
  // receipt. An account deleted since then falls back to the billing e-mail, as for a guest.
  if (order.placedByUserId && ACCOUNT_ID_PATTERN.test(order.placedByUserId)) {
    const placer = await lockUserById(tx, order.placedByUserId);
    if (placer) return { user: placer, isNewAccount: false };
  }
  return findOrCreateByEmail(tx, {
    email: order.email,
    firstName: order.firstName.trim(),
    lastName: order.lastName.trim(),
    now,
  });
}

/**
 * The account of an address, locked, or a new one without a password (signing in fails until the e-mailed
 * link sets one), as a guest's at checkout and a staff invitee's get.
 */
export async function findOrCreateByEmail(
  tx: Transaction,
  person: { email: string; firstName: string; lastName: string; now: Date },
): Promise<{ user: UserRow; isNewAccount: boolean }> {
  const email = normalizeEmail(person.email);
  const found = await lockUserByEmail(tx, email);
  if (found) return { user: found, isNewAccount: false };
  const created = await insertUser(tx, {
    email,
    firstName: person.firstName,
    lastName: person.lastName,
    passwordHash: null,
    // The admin role of ADMIN_EMAILS comes when the e-mailed link proves the address.
    role: 'user',
    now: person.now,
  });
  if (created) return { user: created, isNewAccount: true };
  // Someone signed up with this address a moment ago (their insert won): use that account.
  const raced = await lockUserByEmail(tx, email);
  if (!raced) throw new Error('the account for this e-mail vanished while it was being found');
  return { user: raced, isNewAccount: false };
}
