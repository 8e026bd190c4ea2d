/**
 * Event → e-mail over a real SMTP peer: the set-password link and the welcome e-mail arrive as a mail
 * app would show them, once per event, and survive a mail server that refuses or is not there.
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { MailListSchema } from '@platform/contracts';
import { insertMessage } from '../../messages/messages.repository.js';
import {
  ADMIN,
  backings,
  envelope,
  passwordResetRequested,
  sleep,
  startNotification,
  type Backing,
  type NotificationUnderTest,
} from '../../__tests__/harness.js';
import { startSmtpPeer, unusedPort, type ReceivedMail, type SmtpPeer } from '../../__tests__/smtp-peer.js';
import { useMailSuite } from '../../__tests__/mail-suite.js';
import { waitFor } from '@platform/service-kit/testing';

const BASE_URL = 'https://restaurant.example.com';
const SUPPORT = 'support@restaurant.example.com';

function htmlOf(mail: ReceivedMail): string {
  if (typeof mail.parsed.html !== 'string') throw new Error('the e-mail has no HTML part');
  return mail.parsed.html;
}

describe.each(backings())('e-mails from events over SMTP on $name', (factory) => {
  const { peer, notification, sendOnce } = useMailSuite(factory, {
    PUBLIC_BASE_URL: `${BASE_URL}/`,
    SUPPORT_EMAIL: SUPPORT,
  });

  it('e-mails the set-password link, valid for 1 hour, to the address in the event', async () => {
    const event = passwordResetRequested(notification.clock.now(), { firstName: 'Ana <Chef>' });
    const [mail] = await sendOnce(event);
    const link = `${BASE_URL}/setup-password?token=${event.data.token}`;
    expect(mail!.recipients).toEqual([event.data.email]);
    const { parsed } = mail!;
    expect(parsed.to && !Array.isArray(parsed.to) ? parsed.to.value.map((a) => a.address) : []).toEqual([
      event.data.email,
    ]);
    expect(parsed.from?.value).toEqual([
      { name: 'Restaurant Consultant', address: 'no-reply@restaurant-consultant.local' },
    ]);
    expect(parsed.replyTo?.value.map((a) => a.address)).toEqual([SUPPORT]);
    expect(parsed.subject).toBe('Set your password for Restaurant Consultant');

    expect(parsed.text).toContain(`Hi Ana <Chef>,`);
    expect(parsed.text).toContain(`\n${link}\n`);
    expect(parsed.text).toContain('This link expires in 1 hour and works only once.');
    expect(parsed.text).toContain(`Questions? Write to ${SUPPORT}.`);

    const html = htmlOf(mail!);
    expect(html).toContain(`href="${link}"`);
    expect(html).toContain(`>${link}</a>`); // the link also as text, for mail apps that hide buttons
    expect(html).toContain('expires in 1 hour');
    expect(html).toContain('Hi Ana &lt;Chef&gt;,');
    expect(html).not.toContain('<Chef>');

    const [row] = await notification.settledMessagesFor(event.id);
    expect(row).toMatchObject({
      template: 'set-password',
      toAddress: event.data.email,
      status: 'sent',
      attempts: 1,
      lastError: null,
      providerMessageId: parsed.messageId,
    });
    expect(row!.sentAt).toEqual(notification.clock.now());
  });

  it('sends one e-mail when the same event is delivered twice', async () => {
    const event = passwordResetRequested(notification.clock.now());
    await notification.publishTwice(event);
    await peer.waitForMail(1);
    await sleep(1_500); // more than a poll: a second message would have gone out by now
    expect(peer.received).toHaveLength(1);
    expect(await notification.messagesFor(event.id)).toHaveLength(1);

    // Even outside the inbox, (template, event) is queued once.
    const again = await insertMessage(notification.service.deps.db, {
      to: event.data.email,
      subject: 'again',
      text: 'again',
      html: 'again',
      template: 'set-password',
      eventId: event.id,
      now: notification.clock.now(),
    });
    expect(again).toBeNull();
  });

  it('keeps a refused e-mail queued, retries it after a growing wait, and delivers it once accepted', async () => {
    peer.refuseWith = { message: 'Mailbox busy, try again later', responseCode: 451 };
    const event = passwordResetRequested(notification.clock.now());
    await notification.publish(event);

    const first = await waitFor(
      () => notification.messagesFor(event.id),
      ([row]) => row?.attempts === 1 && row.lastError !== null,
      'the first attempt',
    );
    const start = notification.clock.now().getTime();
    expect(first[0]).toMatchObject({ status: 'queued', sentAt: null });
    expect(first[0]!.lastError).toMatch(/Mailbox busy, try again later/);
    expect(first[0]!.nextAttemptAt.getTime()).toBe(start + 30_000);

    await sleep(1_500); // polls go by; nothing is due before its time
    expect((await notification.messagesFor(event.id))[0]!.attempts).toBe(1);

    notification.clock.advance(30_000);
    // While a worker sends, the row's next attempt is its claim's end; after the refusal, the backoff.
    const second = await waitFor(
      () => notification.messagesFor(event.id),
      ([row]) => row?.attempts === 2 && row.nextAttemptAt.getTime() === start + 30_000 + 60_000,
      'the second attempt, due 60 s later',
    );
    expect(second[0]!.status).toBe('queued');
    expect(peer.refusals).toBe(2);

    peer.refuseWith = null;
    notification.clock.advance(60_000);
    const [mail] = await peer.waitForMail(1);
    expect(mail!.recipients).toEqual([event.data.email]);
    expect(mail!.parsed.text).toContain(`/setup-password?token=${event.data.token}`);
    const [row] = await notification.settledMessagesFor(event.id);
    expect(row).toMatchObject({ status: 'sent', attempts: 3, lastError: null });
  });

  it('welcomes a new account with a link to the dashboard', async () => {
    const event = envelope('auth.user.registered', {
      userId: 'user-welcome',
      email: 'new-owner@example.com',
      firstName: 'Marco',
    });
    const [mail] = await sendOnce(event);
    expect(peer.received).toHaveLength(1);
    expect(mail!.recipients).toEqual(['new-owner@example.com']);
    expect(mail!.parsed.subject).toBe('Welcome to Restaurant Consultant');
    expect(mail!.parsed.text).toContain('Hi Marco,');
    expect(mail!.parsed.text).toContain(`${BASE_URL}/dashboard`);
    expect(htmlOf(mail!)).toContain(`href="${BASE_URL}/dashboard"`);
    expect(await notification.settledMessagesFor(event.id)).toMatchObject([
      { template: 'welcome', status: 'sent' },
    ]);
  });

  it('sends no dead link: a reset event that arrives after its link expired queues nothing', async () => {
    const now = notification.clock.now();
    const event = passwordResetRequested(new Date(now.getTime() - 2 * 60 * 60_000));
    await notification.publish(event);
    await sleep(1_200);
    expect(await notification.messagesFor(event.id)).toEqual([]);
    expect(peer.received).toHaveLength(0);
  });
});

describe.each(backings())('a mail server that is not there yet, on $name', (factory) => {
  let backing: Backing | undefined;
  let peer: SmtpPeer | undefined;
  let notification: NotificationUnderTest;
  let port: number;

  beforeEach(async () => {
    backing = await factory.create();
    port = await unusedPort();
    notification = await startNotification(backing, { env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
  });

  afterEach(async () => {
    await notification?.stop();
    await peer?.stop();
    await backing?.cleanup();
    peer = undefined;
  });

  /** The first attempt to send the event's mail, refused: no server listens. */
  const firstAttemptFailed = (eventId: string) =>
    waitFor(
      () => notification.messagesFor(eventId),
      ([row]) => row?.attempts === 1 && row.lastError !== null,
      'the failed first attempt',
    );

  it('keeps the e-mail queued with the connection error, then delivers it once the server listens', async () => {
    const event = passwordResetRequested(notification.clock.now());
    await notification.publish(event);

    const [queued] = await firstAttemptFailed(event.id);
    expect(queued).toMatchObject({ status: 'queued', sentAt: null });
    expect(queued!.lastError).toMatch(/ECONNREFUSED/);

    peer = await startSmtpPeer({ port });
    notification.clock.advance(30_000);
    const [mail] = await peer.waitForMail(1);
    expect(mail!.recipients).toEqual([event.data.email]);
    expect(mail!.parsed.text).toContain(`http://localhost:3000/setup-password?token=${event.data.token}`);
    const [row] = await notification.settledMessagesFor(event.id);
    expect(row).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
  });

  it('sends no mail whose link expired meanwhile, settles it as failed with the reason, and sends the others with the time their link has left', async () => {
    const now = notification.clock.now();
    const expiring = passwordResetRequested(now); // its link lives 1 hour
    const living = passwordResetRequested(now, {
      expiresAt: new Date(now.getTime() + 3 * 60 * 60_000).toISOString(),
    });
    await notification.publish(expiring);
    await notification.publish(living);
    for (const event of [expiring, living]) await firstAttemptFailed(event.id);

    // Both retries are due at once, the first link has expired, the second has an hour left.
    notification.clock.advance(2 * 60 * 60_000);
    peer = await startSmtpPeer({ port });

    const [sent] = await notification.settledMessagesFor(living.id);
    expect(sent).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    const [expired] = await notification.settledMessagesFor(expiring.id);
    expect(expired).toMatchObject({ status: 'failed', sentAt: null });
    expect(peer.received.map((mail) => mail.recipients)).toEqual([[living.data.email]]);
    // Queued when its link had 3 hours, sent 2 hours later: it says the hour left, not 3 hours.
    expect(peer.received[0]!.parsed.text).toContain('This link expires in 1 hour and works only once.');
    expect(htmlOf(peer.received[0]!)).toContain('It expires in 1 hour.');

    const { messages } = MailListSchema.parse(
      await (await notification.request('/api/admin/mail', ADMIN)).json(),
    );
    // The delivery log shows the words the mail went with.
    expect(messages.find((message) => message.id === sent!.id)?.text).toContain(
      'This link expires in 1 hour and works only once.',
    );
    expect(messages.find((message) => message.id === expired!.id)).toMatchObject({
      status: 'failed',
      lastError: 'The link expired before the mail could be sent',
    });
    expect(
      notification.logs.some(
        (line) =>
          line.msg === 'the link expired before the mail could be sent' && line.template === 'set-password',
      ),
    ).toBe(true);
  });
});
