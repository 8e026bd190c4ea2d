/**
 * A person's data in the notification service (docs/behaviour/accounts.md#your-data-export-and-deletion;
 * docs/decisions.md, 102–103): its part of the export answers only the person and the admin, and
 * `auth.account.deleted` erases the e-mails to the address and the preferences once, however often the
 * event arrives.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PersonalDataPartSchema, type Caller } from '@platform/contracts';
import { and, eq } from 'drizzle-orm';
import { inboxEvents, messages } from '../../db/schema.js';
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
});
