/**
 * The revenue service's events on the real auth service and bus: a consent records the consent fields,
 * `planStatus` (`rs_pending`, or `rs_active` with a submitted consultation or a paid course) and
 * membership, once however often it is delivered; a submitted consultation turns `rs_pending` into
 * `rs_active`. Each announcement carries the user's next `sequence`, kept in
 * `statusSequence`, so consumers order changes the clock stamps with the same `changedAt`.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import type { EventData, EventType } from '@platform/contracts';
import { envelope } from '@platform/service-kit/testing';
import { eq } from 'drizzle-orm';
import { backings, uniqueEmail, useAuth } from '../../__tests__/harness.js';
import { toAuthUser } from '../../accounts/to-auth-user.js';
import { insertUser } from '../../accounts/users.repository.js';
import { memberGrants, users } from '../../db/schema.js';

describe.each(backings())('revenue share on $name', (factory) => {
  const auth = useAuth(factory);

  /** An account as sign-up leaves it (inserted directly: these rules do not depend on the sign-up form). */
  async function signUp(): Promise<{ userId: string; email: string }> {
    const email = uniqueEmail('rs');
    const row = await insertUser(auth.service.deps.db, {
      email,
      firstName: 'Ada',
      lastName: 'Lovelace',
      passwordHash: null,
      role: 'user',
      now: auth.clock.now(),
    });
    return { userId: row!.id, email };
  }

  const publish = <T extends EventType>(type: T, data: EventData<T>) =>
    auth.service.deps.bus.publish(envelope(type, data));
  const userRow = async (userId: string) =>
    (await auth.service.deps.db.select().from(users).where(eq(users.id, userId)))[0]!;
  const announced = async (userId: string) =>
    (await auth.events('auth.user.status-changed'))
      .filter((row) => row.data.userId === userId)
      .map((row) => row.data.planStatus);
  /** The user's announcements in the order they were enqueued: their sequence and time. */
  const numbered = async (userId: string) =>
    (await auth.events('auth.user.status-changed'))
      .filter((row) => row.data.userId === userId)
      .map((row) => ({ sequence: row.data.sequence, changedAt: row.data.changedAt }));

  /** The owner's consultation request completed, as the consultation service announces it. */
  const consultationSubmitted = (owner: { userId: string; email: string }) =>
    publish('consultation.submission.completed', {
      submissionId: randomUUID(),
      userId: owner.userId,
      email: owner.email,
      ownerName: 'Ada Lovelace',
      businessName: 'Casa Ada',
      restaurantName: 'Casa Ada',
      location: 'London, UK',
      imageCount: 1,
      videoCount: 0,
      documentCount: 0,
      addFilesToken: 'x'.repeat(43),
      completedAt: new Date().toISOString(),
    });

  function consented(owner: { userId: string; email: string }, planId = randomUUID()) {
    return envelope('revenue.plan.consented', {
      planId,
      userId: owner.userId,
      email: owner.email,
      termsVersion: 'v1.0',
      baselineNetRevenue: 0,
      revenueSharePercentage: 10,
      consentedAt: '2030-01-15T09:00:00.000Z',
      implementationEndsAt: '2030-02-14T09:00:00.000Z',
    });
  }

  it('records the consent, rs_pending and membership once, and announces it with the owner’s name', async () => {
    const owner = await signUp();
    const event = consented(owner);
    await auth.service.deps.bus.publish(event);
    await auth.service.deps.bus.publish({ ...event, id: randomUUID() });

    const row = await userRow(owner.userId);
    expect(row).toMatchObject({
      planStatus: 'rs_pending',
      termsVersion: 'v1.0',
      revenueShareConsentAt: new Date('2030-01-15T09:00:00.000Z'),
      isMember: true,
      subscriptionStatus: 'active',
    });
    const grants = await auth.service.deps.db
      .select()
      .from(memberGrants)
      .where(eq(memberGrants.userId, owner.userId));
    expect(grants).toEqual([
      expect.objectContaining({ orderId: event.data.planId, total: 0, courseIds: [] }),
    ]);

    const events = (await auth.events('auth.user.status-changed')).filter(
      (r) => r.data.userId === owner.userId,
    );
    expect(events.map((r) => r.data)).toEqual([
      expect.objectContaining({
        planStatus: 'rs_pending',
        consultationStatus: 'not_started',
        email: owner.email,
        firstName: 'Ada',
        lastName: 'Lovelace',
        sequence: 1,
      }),
    ]);
    expect((await userRow(owner.userId)).statusSequence).toBe(1);
    expect(toAuthUser(await userRow(owner.userId))).toMatchObject({
      planStatus: 'rs_pending',
      isMember: true,
      isPaidMember: true,
    });
  });

  it('turns rs_pending into rs_active once the consultation is submitted', async () => {
    const owner = await signUp();
    await auth.service.deps.bus.publish(consented(owner));
    await consultationSubmitted(owner);
    expect((await userRow(owner.userId)).planStatus).toBe('rs_active');
    expect(await announced(owner.userId)).toEqual(['rs_pending', 'rs_active']);
    // The clock stood still between the two: the sequence alone tells which came later.
    const [consent, submitted] = await numbered(owner.userId);
    expect(submitted!.changedAt).toBe(consent!.changedAt);
    expect([consent!.sequence, submitted!.sequence]).toEqual([1, 2]);
    expect((await userRow(owner.userId)).statusSequence).toBe(2);
  });

  it('starts rs_active when the consultation was submitted before the consent', async () => {
    const owner = await signUp();
    await consultationSubmitted(owner);
    // A consultation alone leaves a regular account regular.
    expect((await userRow(owner.userId)).planStatus).toBe('regular');
    await auth.service.deps.bus.publish(consented(owner));
    expect((await userRow(owner.userId)).planStatus).toBe('rs_active');
  });

  it('starts rs_active for an owner who had bought the course', async () => {
    const owner = await signUp();
    await publish('payment.order.paid', {
      orderId: randomUUID(),
      provider: 'test',
      email: owner.email,
      firstName: 'Ada',
      lastName: 'Lovelace',
      total: 69_700,
      currency: 'USD',
      lines: [{ productId: 'restaurant-management-course', name: 'Course', unitPrice: 69_700, quantity: 1 }],
      courseIds: [1],
      paidAt: new Date().toISOString(),
    });
    await auth.service.deps.bus.publish(consented(owner));
    expect((await userRow(owner.userId)).planStatus).toBe('rs_active');
  });
});
