/**
 * Purchase events → e-mails over a real SMTP peer: the receipt on `payment.order.paid`, the set-password
 * link (or "access ready") on `auth.member.granted`, the refund on `payment.order.refunded`; each once
 * per event, readable by the admin through `/api/admin/mail`.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { MailListSchema, type EventData } from '@platform/contracts';
import { DAY } from '@platform/service-kit/clock';
import { ADMIN, backings, envelope, sleep, type NotificationUnderTest } from '../../__tests__/harness.js';
import type { ReceivedMail, SmtpPeer } from '../../__tests__/smtp-peer.js';
import { useMailSuite } from '../../__tests__/mail-suite.js';

const BASE_URL = 'https://restaurant.example.com';

function htmlOf(mail: ReceivedMail): string {
  if (typeof mail.parsed.html !== 'string') throw new Error('the e-mail has no HTML part');
  return mail.parsed.html;
}

function orderPaid(overrides: Partial<EventData<'payment.order.paid'>> = {}) {
  return envelope('payment.order.paid', {
    orderId: randomUUID(),
    provider: 'test',
    email: `guest-${randomBytes(3).toString('hex')}@example.com`,
    firstName: 'Rosa',
    lastName: 'Díaz',
    total: 69_700,
    currency: 'USD',
    lines: [{ productId: 'restaurant-course', name: 'Restaurant Course', unitPrice: 69_700, quantity: 1 }],
    courseIds: [1],
    paidAt: '2030-03-01T10:00:00.000Z',
    ...overrides,
  });
}

function memberGranted(now: Date, overrides: Partial<EventData<'auth.member.granted'>> = {}) {
  return envelope('auth.member.granted', {
    userId: randomUUID(),
    email: `buyer-${randomBytes(3).toString('hex')}@example.com`,
    firstName: 'Rosa',
    orderId: randomUUID(),
    courseIds: [1],
    isNewAccount: true,
    setPassword: {
      token: randomBytes(32).toString('base64url'),
      expiresAt: new Date(now.getTime() + 7 * DAY).toISOString(),
    },
    grantedAt: now.toISOString(),
    ...overrides,
  });
}

describe.each(backings())('purchase e-mails over SMTP on $name', (factory) => {
  let peer: SmtpPeer;
  let notification: NotificationUnderTest;
  useMailSuite(factory, { PUBLIC_BASE_URL: BASE_URL }, (started) => ({ peer, notification } = started));

  it('sends the buyer one receipt with the order, the total and the guarantee', async () => {
    const event = orderPaid();
    await notification.publish(event);
    await notification.publish(event);
    const [mail] = await peer.waitForMail(1);
    expect(mail!.recipients).toEqual([event.data.email]);
    expect(mail!.parsed.subject).toBe('Your Restaurant Consultant receipt ($697.00)');
    expect(mail!.parsed.text).toContain(`Order number: ${event.data.orderId}`);
    expect(mail!.parsed.text).toContain('Restaurant Course: $697.00');
    expect(mail!.parsed.text).toContain('Total paid: $697.00');
    expect(mail!.parsed.text).toContain('30-day money-back guarantee');
    expect(mail!.parsed.text).toContain('This was a test-mode payment: no money was charged.');
    expect(htmlOf(mail!)).toContain('Total paid: $697.00');
    expect(await notification.settledMessagesFor(event.id)).toMatchObject([
      { template: 'receipt', status: 'sent', attempts: 1 },
    ]);
    await sleep(1_000);
    expect(peer.received).toHaveLength(1);
  });

  it('tells a buyer of the consultation in the receipt how to get it, with a link to its form', async () => {
    const event = orderPaid({
      lines: [
        {
          productId: 'restaurant-consultation',
          name: 'Restaurant Consultation',
          unitPrice: 69_700,
          quantity: 1,
        },
      ],
    });
    await notification.publish(event);
    const [mail] = await peer.waitForMail(1);
    expect(mail!.parsed.text).toContain('Restaurant Consultation: $697.00');
    expect(mail!.parsed.text).toContain(
      'Your consultation starts with the consultation form: tell us about your restaurant and send your photos, a short walkthrough video and your menu.',
    );
    expect(mail!.parsed.text).toContain(`Start your consultation:\n${BASE_URL}/consultation`);
    expect(htmlOf(mail!)).toContain(`href="${BASE_URL}/consultation"`);
  });

  it('e-mails a new account its set-password link, valid for 7 days, once', async () => {
    const event = memberGranted(notification.clock.now(), { firstName: 'Rosa <Chef>' });
    await notification.publish(event);
    await notification.publish(event);
    const [mail] = await peer.waitForMail(1);
    const link = `${BASE_URL}/setup-password?token=${event.data.setPassword!.token}`;
    expect(mail!.recipients).toEqual([event.data.email]);
    expect(mail!.parsed.subject).toBe('Set your password to access your course');
    expect(mail!.parsed.text).toContain('Hi Rosa <Chef>,');
    expect(mail!.parsed.text).toContain(`\n${link}\n`);
    expect(mail!.parsed.text).toContain('This link expires in 7 days and works only once.');
    const html = htmlOf(mail!);
    expect(html).toContain(`href="${link}"`);
    expect(html).toContain('Hi Rosa &lt;Chef&gt;,');
    expect(html).not.toContain('<Chef>');
    expect(await notification.settledMessagesFor(event.id)).toMatchObject([
      { template: 'purchase-set-password', status: 'sent' },
    ]);
    await sleep(1_000);
    expect(peer.received).toHaveLength(1);

    // The admin reads it in the delivery log (how the embedded mode shows e-mails).
    const response = await notification.request('/api/admin/mail?limit=10', ADMIN);
    const list = MailListSchema.parse(await response.json());
    expect(list.messages.find((m) => m.to === event.data.email)).toMatchObject({
      template: 'purchase-set-password',
      subject: 'Set your password to access your course',
      text: expect.stringContaining(link),
    });
  });

  it('tells an existing account its course access is ready, with a link to the dashboard', async () => {
    const event = memberGranted(notification.clock.now(), { isNewAccount: false, setPassword: null });
    await notification.publish(event);
    const [mail] = await peer.waitForMail(1);
    expect(mail!.parsed.subject).toBe('Your course access is ready');
    expect(mail!.parsed.text).toContain(`${BASE_URL}/dashboard`);
    expect(mail!.parsed.text).not.toContain('setup-password');
    expect(htmlOf(mail!)).toContain(`href="${BASE_URL}/dashboard"`);
    expect(await notification.settledMessagesFor(event.id)).toMatchObject([
      { template: 'course-access-ready', status: 'sent' },
    ]);
  });

  it('sends no dead link: a grant that arrives after its link expired says how to get a new one', async () => {
    const now = notification.clock.now();
    const event = memberGranted(new Date(now.getTime() - 8 * DAY));
    await notification.publish(event);
    const [mail] = await peer.waitForMail(1);
    expect(mail!.parsed.subject).toBe('Your course access is ready');
    expect(mail!.parsed.text).not.toContain('setup-password');
    expect(mail!.parsed.text).toContain('“Forgot your password?”');
  });

  it('says why a second payment for what the buyer already had was refunded', async () => {
    const event = envelope('payment.order.refunded', {
      orderId: randomUUID(),
      email: 'twice@example.com',
      firstName: 'Rosa',
      amount: 69_700,
      currency: 'USD',
      courseIds: [1],
      refundedAt: '2030-03-10T12:00:00.000Z',
      automatic: true,
      alreadyOwned: true,
    });
    await notification.publish(event);
    const [mail] = await peer.waitForMail(1);
    expect(mail!.recipients).toEqual(['twice@example.com']);
    expect(mail!.parsed.subject).toBe('You already had this purchase: your $697.00 is refunded');
    expect(mail!.parsed.text).toContain('for something you had already bought');
    expect(mail!.parsed.text).not.toContain('has ended');
    expect(htmlOf(mail!)).toContain(`href="${BASE_URL}/dashboard"`);
  });

  it('confirms a refund with its amount and order number', async () => {
    const event = envelope('payment.order.refunded', {
      orderId: randomUUID(),
      email: 'refunded@example.com',
      firstName: 'Rosa',
      amount: 69_700,
      currency: 'USD',
      courseIds: [1],
      refundedAt: '2030-03-10T12:00:00.000Z',
    });
    await notification.publish(event);
    const [mail] = await peer.waitForMail(1);
    expect(mail!.recipients).toEqual(['refunded@example.com']);
    expect(mail!.parsed.subject).toBe('Your refund of $697.00 is on its way');
    expect(mail!.parsed.text).toContain(`Order number: ${event.data.orderId}`);
    expect(await notification.settledMessagesFor(event.id)).toMatchObject([
      { template: 'refund', status: 'sent' },
    ]);
  });
});
