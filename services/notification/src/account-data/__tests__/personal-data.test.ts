/**
 * A person's data in the notification service (docs/behaviour/accounts.md#your-data-export-and-deletion;
 * docs/decisions.md, 102–103): its part of the export answers only the person and the admin, and
 * `auth.account.deleted` erases the e-mails to the address and the preferences once, however often the
 * event arrives; an event about the account that arrives after it (another service's, sent before it
 * heard of the deletion) e-mails nobody and brings nothing of the person back.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PersonalDataPartSchema, type Caller } from '@platform/contracts';
import { erasedEmail } from '@platform/service-kit/personal-data';
import { and, eq } from 'drizzle-orm';
import { inboxEvents, messages, nudgePreferences } from '../../db/schema.js';
import {
  ADMIN,
  backings,
  envelope,
  MEMBER,
  passwordResetRequested,
  startNotification,
  type Backing,
  type NotificationUnderTest,
} from '../../__tests__/harness.js';

describe.each(backings())('personal data in notification on $name', (factory) => {
  let backing: Backing;
  let notification: NotificationUnderTest;

  beforeAll(async () => {
    backing = await factory.create();
    notification = await startNotification(backing);
  });

  afterAll(async () => {
    await notification?.stop();
    await backing?.cleanup();
  });

  it('exports to the person and the admin only, and erases once per deletion event', async () => {
    const reset = passwordResetRequested(notification.clock.now());
    const { userId, email } = reset.data;
    await notification.publish(reset);
    expect(await notification.messagesFor(reset.id)).toHaveLength(1);
    const person: Caller = { kind: 'user', userId, email, role: 'user' };
    const part = (caller: Caller) =>
      notification.request(
        `/internal/personal-data?${new URLSearchParams({ userId, email }).toString()}`,
        caller,
      );

    expect((await part(MEMBER)).status).toBe(403);
    for (const caller of [person, ADMIN]) {
      const answer = await part(caller);
      expect(answer.status).toBe(200);
      const body = PersonalDataPartSchema.parse(await answer.json());
      expect(body.tables.messages).toEqual([expect.objectContaining({ toAddress: email })]);
      expect(body.tables.messages?.[0]).not.toHaveProperty('htmlBody');
      // As sent: the link's time left written in, not the placeholder delivery fills.
      expect(body.tables.messages?.[0]?.textBody).toMatch(/This link expires in \d+ (hour|minute)s? /);
      expect(body.tables.messages?.[0]?.textBody).not.toContain('{{');
    }

    const deleted = envelope('auth.account.deleted', {
      userId,
      email,
      deletedAt: notification.clock.now().toISOString(),
      by: 'self',
    });
    await notification.deliver(deleted);
    await notification.deliver(deleted);
    expect(await notification.messagesFor(reset.id)).toEqual([]);
    const applied = await notification.service.deps.db
      .select()
      .from(inboxEvents)
      .where(
        and(
          eq(inboxEvents.eventId, deleted.id),
          eq(inboxEvents.consumer, 'notification-personal-data:auth.account.deleted'),
        ),
      );
    expect(applied).toHaveLength(1);
    const left = await notification.service.deps.db
      .select()
      .from(messages)
      .where(eq(messages.toAddress, email));
    expect(left).toEqual([]);
  });

  it('e-mails nobody about an account erased before the event arrived, and keeps nothing of it', async () => {
    const userId = `user-late-${Date.now()}`;
    const email = `late-${Date.now()}@example.com`;
    const now = notification.clock.now();
    await notification.deliver(
      envelope('auth.account.deleted', { userId, email, deletedAt: now.toISOString(), by: 'self' }),
    );
    const account = { userId, email, firstName: 'Ana' };
    // Sent by the course and payment services before they handled the deletion themselves.
    const late = [
      envelope('course.learner.inactive', {
        ...account,
        courseId: 1,
        courseTitle: 'Restaurant Management Mastery',
        lastActiveAt: now.toISOString(),
        resumeLessonId: null,
      }),
      envelope('payment.plan.instalment-failed', {
        ...account,
        orderId: randomUUID(),
        courseIds: [1],
        number: 2,
        attempt: 1,
        amount: 23_300,
        message: 'Your card was declined.',
        authenticationRequired: false,
        nextAttemptAt: null,
        pausesAt: now.toISOString(),
        failedAt: now.toISOString(),
      }),
      // The anonymised order of the erased account, refunded by the admin: its address is no one's.
      envelope('payment.order.refunded', {
        orderId: randomUUID(),
        email: erasedEmail({ userId, email }),
        firstName: 'Erased',
        amount: 69_700,
        currency: 'USD',
        courseIds: [1],
        refundedAt: now.toISOString(),
      }),
      envelope('revenue.reminder.requested', {
        ...account,
        reminderId: randomUUID(),
        kind: 'payment-overdue',
        trigger: 'automatic',
        months: [],
        shares: [
          {
            reportId: randomUUID(),
            periodStart: '2030-01-01',
            periodEnd: '2030-01-31',
            amountDue: 45_000,
            dueDate: now.toISOString(),
          },
        ],
        requestedAt: now.toISOString(),
      }),
    ];
    for (const event of late) {
      await notification.deliver(event);
      expect({ type: event.type, queued: await notification.messagesFor(event.id) }).toEqual({
        type: event.type,
        queued: [],
      });
    }
    const db = notification.service.deps.db;
    expect(await db.select().from(nudgePreferences).where(eq(nudgePreferences.userId, userId))).toEqual([]);
    expect(await db.select().from(messages).where(eq(messages.toAddress, email))).toEqual([]);
  });
});
