/**
 * Purchase events → e-mails over a real SMTP peer: the receipt on `payment.order.paid`, the set-password
 * link (or "access ready") on `auth.member.granted`, the refund on `payment.order.refunded`; each once
 * per event, readable by the admin through `/api/admin/mail`.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { MailListSchema, type EventData } from '@platform/contracts';
import { DAY } from '@platform/service-kit/clock';
import { ADMIN, backings, envelope, sleep } from '../../__tests__/harness.js';
import type { ReceivedMail } from '../../__tests__/smtp-peer.js';
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
  const { peer, notification, sendTwice, sendOnce } = useMailSuite(factory, { PUBLIC_BASE_URL: BASE_URL });

  it('sends the buyer one receipt with the order, the total and the guarantee', async () => {
    const event = orderPaid();
    const [mail] = await sendTwice(event);
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

  it('sends the same receipt again when the admin asks for it, once per request', async () => {
    const paid = orderPaid({ invoiceNumber: 'INV-000042' });
    await notification.publish(paid);
    const again = envelope('payment.receipt.requested', paid.data);
    const mails = await sendTwice(again, 2);
    expect(mails.map((mail) => mail.parsed.subject)).toEqual([
      'Your Restaurant Consultant receipt ($697.00)',
      'Your Restaurant Consultant receipt ($697.00)',
    ]);
    expect(mails[1]!.recipients).toEqual([paid.data.email]);
    expect(mails[1]!.parsed.text).toBe(mails[0]!.parsed.text);
    expect(await notification.settledMessagesFor(again.id)).toMatchObject([
      { template: 'receipt', status: 'sent', attempts: 1 },
    ]);
  });

  it('attaches the invoice PDF the event carries to the receipt, named after its number', async () => {
    const pdf = Buffer.from('%PDF-1.7\n% an invoice\n%%EOF\n');
    const event = orderPaid({ invoiceNumber: 'INV-000042', invoicePdf: pdf.toString('base64') });
    const [mail] = await sendOnce(event);
    expect(mail!.parsed.text).toContain(
      `Invoice INV-000042 is attached as a PDF (also at ${BASE_URL}/api/orders/${event.data.orderId}/invoice.pdf, signed in).`,
    );
    expect(mail!.parsed.attachments.map(({ filename, contentType }) => ({ filename, contentType }))).toEqual([
      { filename: 'invoice-INV-000042.pdf', contentType: 'application/pdf' },
    ]);
    expect(mail!.parsed.attachments[0]!.content.equals(pdf)).toBe(true);
  });

  it('links the invoice without attaching it when an older event has no PDF', async () => {
    const event = orderPaid({ invoiceNumber: 'INV-000043' });
    const [mail] = await sendOnce(event);
    expect(mail!.parsed.text).toContain(
      `Invoice INV-000043 (PDF, signed in): ${BASE_URL}/api/orders/${event.data.orderId}/invoice.pdf`,
    );
    expect(mail!.parsed.attachments).toEqual([]);
  });

  it('e-mails the decline of a plan instalment with its retry and pause dates, the pause and the reopening', async () => {
    const ref = {
      orderId: randomUUID(),
      userId: randomUUID(),
      email: `plan-${randomBytes(3).toString('hex')}@example.com`,
      firstName: 'Rosa',
      courseIds: [1],
    };
    await notification.publish(
      envelope('payment.plan.instalment-failed', {
        ...ref,
        number: 2,
        attempt: 1,
        amount: 53_233,
        message: 'Your card has insufficient funds.',
        authenticationRequired: false,
        nextAttemptAt: '2030-04-04T10:00:00.000Z',
        pausesAt: '2030-04-08T10:00:00.000Z',
        failedAt: '2030-04-01T10:00:00.000Z',
      }),
    );
    // The bank asks the buyer to approve the payment: not tried again, the buyer is asked to pay it.
    await notification.publish(
      envelope('payment.plan.instalment-failed', {
        ...ref,
        number: 3,
        attempt: 1,
        amount: 53_234,
        message: 'Your card was declined. This transaction requires authentication.',
        authenticationRequired: true,
        nextAttemptAt: null,
        pausesAt: '2030-05-08T10:00:00.000Z',
        failedAt: '2030-05-01T10:00:00.000Z',
      }),
    );
    await notification.publish(
      envelope('payment.plan.paused', { ...ref, pausedAt: '2030-04-08T10:00:00.000Z' }),
    );
    await notification.publish(
      envelope('payment.plan.resumed', { ...ref, resumedAt: '2030-04-09T10:00:00.000Z' }),
    );
    const mails = await peer.waitForMail(4);
    const bySubject = new Map(mails.map((mail) => [mail.parsed.subject, mail.parsed.text ?? '']));
    const declined = bySubject.get('Flexible Payments: your payment of $532.33 did not go through');
    expect(declined).toContain(
      'We could not charge $532.33 (payment 2 of 3 of Flexible Payments) to the card on your account: Your card has insufficient funds.',
    );
    expect(declined).toContain('We will try again on April 4, 2030.');
    expect(declined).toContain('Your course stays open until April 8, 2030.');
    expect(declined).toContain(`${BASE_URL}/orders`);
    expect(declined).not.toContain('approve this payment yourself');
    const toApprove = bySubject.get('Flexible Payments: your payment of $532.34 did not go through');
    expect(toApprove).toContain(
      'Your bank wants you to approve this payment yourself, so we cannot charge it automatically. Please pay it yourself in Orders & billing; your bank may ask you to confirm it.',
    );
    expect(toApprove).not.toContain('We will try again');
    expect(toApprove).toContain(`${BASE_URL}/orders`);
    expect(bySubject.get('Flexible Payments: your course is paused')).toContain('more than 7 days late');
    expect(bySubject.get('Flexible Payments: your course is open again')).toContain(`${BASE_URL}/dashboard`);
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
    const [mail] = await sendOnce(event);
    expect(mail!.parsed.text).toContain('Restaurant Consultation: $697.00');
    expect(mail!.parsed.text).toContain(
      'Your consultation starts with the consultation form: tell us about your restaurant and send your photos, a short walkthrough video and your menu.',
    );
    expect(mail!.parsed.text).toContain(`Start your consultation:\n${BASE_URL}/consultation`);
    expect(htmlOf(mail!)).toContain(`href="${BASE_URL}/consultation"`);
  });

  it('e-mails a new account its set-password link, valid for 7 days, once', async () => {
    const event = memberGranted(notification.clock.now(), { firstName: 'Rosa <Chef>' });
    const [mail] = await sendTwice(event);
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
      {
        template: 'purchase-set-password',
        status: 'sent',
        linkExpiresAt: new Date(event.data.setPassword!.expiresAt),
      },
    ]);
    await sleep(1_000);
    expect(peer.received).toHaveLength(1);

    // The admin reads it in the delivery log (how the embedded mode shows e-mails); the suite's other mails
    // share its clock, so it is looked for among all of them, not the newest few.
    const response = await notification.request('/api/admin/mail?limit=200', ADMIN);
    const list = MailListSchema.parse(await response.json());
    expect(list.messages.find((m) => m.to === event.data.email)).toMatchObject({
      template: 'purchase-set-password',
      subject: 'Set your password to access your course',
      text: expect.stringContaining(link),
    });
  });

  it('tells an existing account its course access is ready, with a link to the dashboard', async () => {
    const event = memberGranted(notification.clock.now(), { isNewAccount: false, setPassword: null });
    const [mail] = await sendOnce(event);
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
    const [mail] = await sendOnce(event);
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
    const [mail] = await sendOnce(event);
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
    const [mail] = await sendOnce(event);
    expect(mail!.recipients).toEqual(['refunded@example.com']);
    expect(mail!.parsed.subject).toBe('Your refund of $697.00 is on its way');
    expect(mail!.parsed.text).toContain(`Order number: ${event.data.orderId}`);
    expect(await notification.settledMessagesFor(event.id)).toMatchObject([
      { template: 'refund', status: 'sent' },
    ]);
  });
});
