/**
 * Without a mail server (the embedded mode) e-mails are logged, printed for the developer, and readable by
 * the support admin in `GET /api/admin/mail`; nobody else may read them.
 */
import { describe, expect, it } from '@jest/globals';
import { useBacking } from '@platform/service-kit/testing';
import { ErrorBodySchema, MailListSchema } from '@platform/contracts';
import {
  ADMIN,
  ANONYMOUS,
  MEMBER,
  backings,
  envelope,
  passwordResetRequested,
  startNotification,
  type NotificationUnderTest,
} from '../../__tests__/harness.js';
import { messages } from '../../db/schema.js';

describe.each(backings())('the delivery log on $name', (factory) => {
  let notification: NotificationUnderTest;

  useBacking(factory, async (backing) => {
    // No SMTP_URL; development prints each logged e-mail.
    notification = await startNotification(backing, { env: { NODE_ENV: 'development' } });
    return notification;
  });

  it('logs the set-password e-mail instead of sending it, prints it, and shows it to the admin', async () => {
    const event = passwordResetRequested(notification.clock.now());
    await notification.publish(event);
    const [row] = await notification.settledMessagesFor(event.id);
    expect(row).toMatchObject({ status: 'logged', attempts: 1, lastError: null });
    expect(row!.providerMessageId).toMatch(/^<.+@restaurant-consultant\.local>$/);

    const link = `http://localhost:3000/setup-password?token=${event.data.token}`;
    const printed = notification.logs.find(
      (line) => (line.mail as { to?: string } | undefined)?.to === event.data.email,
    );
    expect(printed?.msg).toBe('e-mail logged, not sent (no SMTP_URL)');
    expect((printed?.mail as { text: string }).text).toContain(link);

    const response = await notification.request('/api/admin/mail', ADMIN);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const { messages } = MailListSchema.parse(await response.json());
    const listed = messages.find((message) => message.id === row!.id);
    expect(listed).toMatchObject({
      to: event.data.email,
      subject: 'Set your password for Restaurant Consultant',
      template: 'set-password',
      status: 'logged',
      attempts: 1,
      lastError: null,
      createdAt: row!.createdAt.toISOString(),
      sentAt: row!.sentAt!.toISOString(),
    });
    expect(listed!.text).toContain(link);
    expect(listed!.html).toContain(`href="${link}"`);
  });

  it('lists the newest first, as many as asked, and refuses a limit that is not a positive whole number', async () => {
    const ids: string[] = [];
    for (const firstName of ['First', 'Second', 'Third']) {
      notification.clock.advance(1_000);
      const event = envelope('auth.user.registered', {
        userId: `user-${firstName}`,
        email: `${firstName.toLowerCase()}@example.com`,
        firstName,
      });
      await notification.publish(event);
      ids.push(event.id);
    }
    for (const id of ids) await notification.settledMessagesFor(id);

    const two = MailListSchema.parse(
      await (await notification.request('/api/admin/mail?limit=2', ADMIN)).json(),
    );
    expect(two.messages.map((message) => message.to)).toEqual(['third@example.com', 'second@example.com']);

    const all = MailListSchema.parse(await (await notification.request('/api/admin/mail', ADMIN)).json());
    expect(all.messages).toHaveLength(4);
    expect(all.messages.map((m) => m.createdAt)).toEqual(
      [...all.messages.map((m) => m.createdAt)].sort().reverse(),
    );

    for (const bad of ['0', '-1', '2.5', 'ten']) {
      const response = await notification.request(`/api/admin/mail?limit=${bad}`, ADMIN);
      expect({ bad, status: response.status }).toEqual({ bad, status: 400 });
      expect(ErrorBodySchema.parse(await response.json()).message).toMatch(/limit/);
    }
  });

  it('gives 50 messages unless asked for more, and never more than 200', async () => {
    const now = notification.clock.now();
    await notification.service.deps.db.insert(messages).values(
      Array.from({ length: 210 }, (_, index) => ({
        toAddress: `bulk-${index}@example.com`,
        subject: 'Bulk',
        textBody: 'Bulk',
        htmlBody: '<p>Bulk</p>',
        template: 'bulk-test',
        status: 'logged' as const,
        createdAt: new Date(now.getTime() + 60_000 + index),
      })),
    );
    const list = async (query: string) =>
      MailListSchema.parse(await (await notification.request(`/api/admin/mail${query}`, ADMIN)).json())
        .messages;
    const byDefault = await list('');
    expect(byDefault).toHaveLength(50);
    expect(byDefault[0]!.to).toBe('bulk-209@example.com');
    expect(await list('?limit=120')).toHaveLength(120);
    expect(await list('?limit=1000')).toHaveLength(200);
  });

  it('refuses visitors (401) and members who are not admins (403)', async () => {
    for (const [caller, status, message] of [
      [null, 401, 'Requests must come through the gateway'],
      [ANONYMOUS, 401, 'Unauthorized'],
      [MEMBER, 403, 'Access denied'],
    ] as const) {
      const response = await notification.request('/api/admin/mail', caller);
      expect(response.status).toBe(status);
      expect(await response.json()).toEqual({ message });
    }
  });
});
