/**
 * Guest checkout to membership through the real bus: `payment.order.paid` creates (or upgrades) the
 * buyer's account with a set-password link and announces `auth.member.granted` once, however often it
 * is delivered; `payment.order.refunded` revokes the order's grant and ends membership only when no
 * other paid order stands. Runs on the in-process bus and, with NATS_URL, on JetStream.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { EventData, EventEnvelope } from '@platform/contracts';
import { DAY, SettableClock } from '@platform/service-kit/clock';
import { busCases, envelope, waitFor, type TestBus } from '@platform/service-kit/testing';
import { eq } from 'drizzle-orm';
import {
  backings,
  cookieSetBy,
  NEW_PASSWORD,
  orderPaid,
  PASSWORD,
  signupBody,
  START,
  startAuth,
  uniqueEmail,
  type AuthUnderTest,
  type Backing,
} from '../../__tests__/harness.js';
import { SharedBackings } from '../../__tests__/shared-backings.js';
import { hashSecretToken } from '../../sessions/secret-token.js';
import { memberGrants, passwordTokens, users } from '../../db/schema.js';
import { SETUP_LINK_TTL_MS } from '../grant-membership.js';

const ADMIN_PASSWORD = 'Support-Admin!2030';

const cases = busCases(backings(), { label: 'AUTHM', publisherName: 'payment-under-test' });

function orderRefunded(paid: EventEnvelope<EventData<'payment.order.paid'>>) {
  return envelope('payment.order.refunded', {
    orderId: paid.data.orderId,
    email: paid.data.email,
    firstName: paid.data.firstName,
    amount: paid.data.total,
    currency: 'USD',
    courseIds: paid.data.courseIds,
    refundedAt: new Date().toISOString(),
  });
}

function subscriptionEnded(paid: EventEnvelope<EventData<'payment.order.paid'>>, endedAt: Date) {
  return envelope('payment.subscription.ended', {
    orderId: paid.data.orderId,
    email: paid.data.email,
    courseIds: paid.data.courseIds,
    subscriptionId: `sub_${paid.data.orderId.slice(0, 8)}`,
    reason: 'payment_failed',
    endedAt: endedAt.toISOString(),
  });
}

// Both buses of one backing run on the same database, one service after the other: every test makes its
// own accounts and orders, and each block has its own support admin and ADMIN_EMAILS address.
const shared = new SharedBackings();
afterAll(() => shared.cleanupAll());

describe.each(cases)(
  'membership from payment events through $name',
  ({ backing: factory, bus: busSetup }) => {
    const ADMIN_EMAIL = uniqueEmail('support');
    const BOSS_EMAIL = uniqueEmail('boss');
    let backing: Backing;
    let setup: TestBus;
    let auth: AuthUnderTest;
    const clock = new SettableClock(START);

    const start = () =>
      startAuth(backing, {
        clock,
        bus: setup.bus,
        env: { ...setup.env, ADMIN_EMAIL, ADMIN_PASSWORD, ADMIN_EMAILS: BOSS_EMAIL },
      });

    beforeAll(async () => {
      backing = await shared.get(factory);
      setup = await busSetup.open();
      auth = await start();
    });

    afterAll(async () => {
      await auth?.stop();
      await setup?.cleanup();
    });

    /** Publishes as the payment service's relay would (in-process: resolves once auth applied it). */
    const publish = (event: EventEnvelope) => setup.publisher.publish(event);

    const db = () => auth.service.deps.db;
    const userByEmail = async (email: string) =>
      (await db().select().from(users).where(eq(users.email, email)))[0];
    const grantOf = async (orderId: string) =>
      (await db().select().from(memberGrants).where(eq(memberGrants.orderId, orderId)))[0];
    type MembershipEvent = 'auth.member.granted' | 'auth.member.revoked';
    const eventsFor = async (type: MembershipEvent, orderId: string) =>
      (await auth.events(type)).filter((event) => event.data.orderId === orderId);
    const grantedFor = (orderId: string) => eventsFor('auth.member.granted', orderId);
    const revokedFor = (orderId: string) => eventsFor('auth.member.revoked', orderId);
    /** The order's first event of `type`, once it is in the outbox. */
    const firstEventFor = async (type: MembershipEvent, orderId: string) =>
      (
        await waitFor(
          () => eventsFor(type, orderId),
          (events) => events.length > 0,
          `${type} of ${orderId}`,
        )
      )[0]!;
    const grantEvent = (orderId: string) => firstEventFor('auth.member.granted', orderId);
    const revokeEvent = (orderId: string) => firstEventFor('auth.member.revoked', orderId);
    /**
     * Waits for the order's `auth.member.revoked` and expects it to name the member and the course, stamped
     * now, and the order's grant revoked now; the event.
     */
    async function expectRevokedNow(
      orderId: string,
      member: { userId: string; email: string; membershipEnded: boolean },
    ) {
      const revoked = await revokeEvent(orderId);
      expect(revoked.data).toMatchObject({
        ...member,
        orderId,
        courseIds: [1],
        revokedAt: clock.now().toISOString(),
      });
      expect(await grantOf(orderId)).toMatchObject({ revokedAt: clock.now() });
      return revoked;
    }
    const logIn = (email: string, password: string) =>
      auth.call('/api/auth/login', { json: { email, password } });

    async function paidAndApplied(event: EventEnvelope<EventData<'payment.order.paid'>>) {
      await publish(event);
      await waitFor(() => grantOf(event.data.orderId), Boolean, `the grant of order ${event.data.orderId}`);
    }

    it('creates a guest buyer’s account once, with a 7-day set-password link, even when delivered twice', async () => {
      const email = uniqueEmail('Guest.Buyer').replace('example.com', 'Example.COM');
      const paid = orderPaid(email, { firstName: 'Rosa', lastName: 'Díaz', courseIds: [1] });
      await paidAndApplied(paid);

      const user = await userByEmail(email.toLowerCase());
      expect(user).toMatchObject({
        email: email.toLowerCase(),
        firstName: 'Rosa',
        lastName: 'Díaz',
        role: 'user',
        passwordHash: null,
        isMember: true,
        subscriptionStatus: 'active',
      });
      expect(user!.memberSince).toEqual(START);
      expect(await grantOf(paid.data.orderId)).toMatchObject({
        userId: user!.id,
        courseIds: [1],
        total: 69_700,
        grantedAt: clock.now(),
        revokedAt: null,
      });

      const granted = await grantEvent(paid.data.orderId);
      expect(granted.data).toMatchObject({
        userId: user!.id,
        email: email.toLowerCase(),
        firstName: 'Rosa',
        orderId: paid.data.orderId,
        courseIds: [1],
        isNewAccount: true,
        grantedAt: clock.now().toISOString(),
      });
      expect(granted!.headers['x-causation-id']).toBe(paid.id);
      const link = granted!.data.setPassword as { token: string; expiresAt: string };
      expect(link.token).toMatch(/^[A-Za-z0-9_-]{43}$/); // 32 random bytes, base64url
      expect(new Date(link.expiresAt).getTime() - clock.now().getTime()).toBe(SETUP_LINK_TTL_MS);
      expect(SETUP_LINK_TTL_MS).toBe(7 * DAY);
      // Only the hash is stored.
      const tokens = await db().select().from(passwordTokens).where(eq(passwordTokens.userId, user!.id));
      expect(tokens).toEqual([
        expect.objectContaining({ id: hashSecretToken(link.token), purpose: 'setup', usedAt: null }),
      ]);

      // No password: signing in fails, whatever is tried.
      expect((await logIn(email, '')).status).toBe(400);
      expect((await logIn(email, PASSWORD)).status).toBe(401);

      // Delivered again after a restart (the bus forgot it; the inbox did not), and emitted twice by a
      // payment service that retried with a new event id: still one account, grant, link and event.
      await auth.stop();
      auth = await start();
      await publish(paid);
      const retried = { ...paid, id: randomUUID() };
      await publish(retried);
      await auth.applied(retried.id);
      await setup.handled();
      expect(await db().select().from(users).where(eq(users.email, email.toLowerCase()))).toHaveLength(1);
      expect(
        await db().select().from(passwordTokens).where(eq(passwordTokens.userId, user!.id)),
      ).toHaveLength(1);
      expect(await grantedFor(paid.data.orderId)).toHaveLength(1);

      // The e-mailed link sets a password; then the buyer signs in as a paid member.
      const set = await auth.call('/api/auth/setup-password', {
        json: { token: link.token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
      });
      expect(set.status).toBe(200);
      const login = await logIn(email, NEW_PASSWORD);
      expect(login.status).toBe(200);
      const me = await auth.call('/api/auth/user', { cookie: cookieSetBy(login) });
      expect(await me.json()).toMatchObject({
        isMember: true,
        isPaidMember: true,
        subscriptionStatus: 'active',
      });
    });

    it('upgrades an existing account without a link and keeps its name and password', async () => {
      const email = uniqueEmail('owner');
      const signup = await auth.call('/api/auth/signup', { json: signupBody(email, { firstName: 'Ada' }) });
      expect(signup.status).toBe(201);
      const paid = orderPaid(email.toUpperCase(), { firstName: 'Someone', lastName: 'Else' });
      await paidAndApplied(paid);

      const user = await userByEmail(email);
      expect(user).toMatchObject({
        firstName: 'Ada',
        lastName: 'Lovelace',
        isMember: true,
        subscriptionStatus: 'active',
      });
      expect(user!.memberSince).toEqual(START);
      const granted = await grantEvent(paid.data.orderId);
      expect(granted.data).toMatchObject({
        userId: user!.id,
        isNewAccount: false,
        setPassword: null,
        firstName: 'Ada',
      });
      expect(await db().select().from(passwordTokens).where(eq(passwordTokens.userId, user!.id))).toEqual([]);

      const me = await auth.call('/api/auth/user', { cookie: cookieSetBy(signup) });
      expect(await me.json()).toMatchObject({ isMember: true, isPaidMember: true });
      expect((await logIn(email, PASSWORD)).status).toBe(200);
    });

    it('grants a signed-in buyer’s order to their own account, whatever billing e-mail they typed', async () => {
      const accountEmail = uniqueEmail('signed-in');
      const billingEmail = uniqueEmail('billing');
      const signup = await auth.call('/api/auth/signup', {
        json: signupBody(accountEmail, { firstName: 'Ada' }),
      });
      expect(signup.status).toBe(201);
      const account = await userByEmail(accountEmail);
      const paid = orderPaid(billingEmail, { placedByUserId: account!.id });
      await paidAndApplied(paid);

      expect(await grantOf(paid.data.orderId)).toMatchObject({ userId: account!.id });
      expect(await userByEmail(accountEmail)).toMatchObject({ isMember: true, subscriptionStatus: 'active' });
      // No second account for the billing address.
      expect(await userByEmail(billingEmail)).toBeUndefined();
      const granted = await grantEvent(paid.data.orderId);
      expect(granted.data).toMatchObject({
        userId: account!.id,
        email: accountEmail,
        isNewAccount: false,
        setPassword: null,
      });
      const me = await auth.call('/api/auth/user', { cookie: cookieSetBy(signup) });
      expect(await me.json()).toMatchObject({ isMember: true, isPaidMember: true });
    });

    it('falls back to the billing e-mail when the account that placed the order is not known', async () => {
      for (const placedByUserId of [randomUUID(), 'user-1']) {
        const email = uniqueEmail('placer-gone');
        const paid = orderPaid(email, { placedByUserId });
        await paidAndApplied(paid);
        const user = await userByEmail(email);
        expect(user).toMatchObject({ isMember: true, passwordHash: null });
        expect(await grantOf(paid.data.orderId)).toMatchObject({ userId: user!.id });
      }
    });

    it('keeps membership while another paid order stands, and ends it with the last refund', async () => {
      const email = uniqueEmail('two-orders');
      const first = orderPaid(email, { courseIds: [1] });
      const second = orderPaid(email, {
        courseIds: [1],
        paidAt: new Date(START.getTime() + DAY).toISOString(),
      });
      await paidAndApplied(first);
      await paidAndApplied(second);
      const user = await userByEmail(email);
      expect(user!.memberSince).toEqual(START); // the first payment's date stays
      // The second order found the account unable to sign in yet: a fresh link goes with it.
      const secondGrant = await grantEvent(second.data.orderId);
      expect(secondGrant.data).toMatchObject({ isNewAccount: false, setPassword: expect.any(Object) });

      clock.advance(DAY);
      await publish(orderRefunded(first));
      await expectRevokedNow(first.data.orderId, { userId: user!.id, email, membershipEnded: false });
      expect(await userByEmail(email)).toMatchObject({ isMember: true, subscriptionStatus: 'active' });

      const refundSecond = orderRefunded(second);
      await publish(refundSecond);
      const ended = await revokeEvent(second.data.orderId);
      expect(ended.data).toMatchObject({ membershipEnded: true });
      expect(await userByEmail(email)).toMatchObject({
        isMember: false,
        subscriptionStatus: 'inactive',
        role: 'user',
      });

      // The same refund again, even with a new event id, changes nothing.
      const again = { ...refundSecond, id: randomUUID() };
      await publish(again);
      await auth.applied(again.id);
      await setup.handled();
      expect(await revokedFor(second.data.orderId)).toHaveLength(1);

      // A new purchase makes the account a member again.
      const third = orderPaid(email);
      await paidAndApplied(third);
      expect(await userByEmail(email)).toMatchObject({ isMember: true, subscriptionStatus: 'active' });
    });

    it('never takes the admin role away: an admin who buys and is refunded stays admin', async () => {
      const paid = orderPaid(ADMIN_EMAIL);
      await paidAndApplied(paid);
      expect(await userByEmail(ADMIN_EMAIL)).toMatchObject({ role: 'admin', isMember: true });
      await publish(orderRefunded(paid));
      await revokeEvent(paid.data.orderId);
      expect(await userByEmail(ADMIN_EMAIL)).toMatchObject({ role: 'admin', isMember: false });
      expect((await logIn(ADMIN_EMAIL, ADMIN_PASSWORD)).status).toBe(200);

      // A guest buying with an address listed in ADMIN_EMAILS is not an admin until the e-mailed link
      // proves the address (setPasswordWithToken grants the role then).
      const boss = orderPaid(BOSS_EMAIL);
      await paidAndApplied(boss);
      expect(await userByEmail(BOSS_EMAIL)).toMatchObject({ role: 'user', isMember: true });
    });

    it('grants nothing for a payment whose refund overtook it', async () => {
      const email = uniqueEmail('overtaken');
      const paid = orderPaid(email);
      await publish(orderRefunded(paid));
      await waitFor(() => grantOf(paid.data.orderId), Boolean, 'the refund to be recorded');
      await publish(paid);
      await auth.applied(paid.id);
      await setup.handled();
      expect(await grantOf(paid.data.orderId)).toMatchObject({ userId: null, grantedAt: null });
      expect(await userByEmail(email)).toBeUndefined();
      expect(await grantedFor(paid.data.orderId)).toEqual([]);
      expect(await revokedFor(paid.data.orderId)).toEqual([]);
    });

    it('grants nothing for an order that pays a revenue share, nor revokes anything at its refund', async () => {
      const accountEmail = uniqueEmail('share-payer');
      const signup = await auth.call('/api/auth/signup', { json: signupBody(accountEmail) });
      expect(signup.status).toBe(201);
      const account = await userByEmail(accountEmail);
      const paid = orderPaid(accountEmail, {
        placedByUserId: account!.id,
        lines: [
          { productId: 'revenue-share', name: 'Revenue share, March 2030', unitPrice: 12_345, quantity: 1 },
        ],
        total: 12_345,
        courseIds: [],
        revenueReportId: randomUUID(),
      });
      // A guest's billing address too: no account is made for it.
      const guestEmail = uniqueEmail('share-guest');
      const guest = orderPaid(guestEmail, { courseIds: [], revenueReportId: randomUUID() });
      const shareRefund = (order: typeof paid) =>
        envelope('payment.order.refunded', {
          ...orderRefunded(order).data,
          revenueReportId: order.data.revenueReportId,
        });
      for (const event of [paid, guest, shareRefund(paid), shareRefund(guest)]) {
        await publish(event);
        await auth.applied(event.id);
      }
      await setup.handled();
      for (const { data } of [paid, guest]) {
        expect(await grantOf(data.orderId)).toBeUndefined();
        expect(await grantedFor(data.orderId)).toEqual([]);
        expect(await revokedFor(data.orderId)).toEqual([]);
      }
      expect(await userByEmail(accountEmail)).toMatchObject({
        isMember: false,
        subscriptionStatus: 'inactive',
      });
      expect(await userByEmail(guestEmail)).toBeUndefined();
    });

    it('ends membership once when the plan’s subscription ends, like a refund', async () => {
      const email = uniqueEmail('subscriber');
      const paid = orderPaid(email, {
        provider: 'stripe',
        total: 2999,
        lines: [
          { productId: 'membership-monthly', name: 'Monthly Membership', unitPrice: 2999, quantity: 1 },
        ],
        courseIds: [1],
      });
      await paidAndApplied(paid);
      const user = await userByEmail(email);
      expect(user).toMatchObject({ isMember: true, subscriptionStatus: 'active' });

      clock.advance(DAY);
      const ended = subscriptionEnded(paid, clock.now());
      await publish(ended);
      const revoked = await expectRevokedNow(paid.data.orderId, {
        userId: user!.id,
        email,
        membershipEnded: true,
      });
      expect(revoked.headers['x-causation-id']).toBe(ended.id);
      expect(await userByEmail(email)).toMatchObject({ isMember: false, subscriptionStatus: 'inactive' });

      // Delivered again, re-sent under a new id, and then refunded too: still one revocation.
      await publish(ended);
      const resent = { ...ended, id: randomUUID() };
      await publish(resent);
      const refund = orderRefunded(paid);
      await publish(refund);
      await auth.applied(resent.id);
      await auth.applied(refund.id);
      await setup.handled();
      expect(await revokedFor(paid.data.orderId)).toHaveLength(1);
    });
  },
);
