/** The e-mails around a purchase: receipt, set-password after checkout, access ready, refund. */
import { describe, expect, it } from '@jest/globals';
import type { PaymentOrderPaid, PaymentOrderRefunded } from '@platform/contracts';
import { renderCourseAccessReadyEmail, renderPurchaseSetPasswordEmail } from '../course-access.js';
import { renderReceiptEmail } from '../receipt.js';
import { describeDuration } from '../link-time-left.js';
import { renderRefundEmail } from '../refund.js';
import { CUSTOMER_FOOTER, expectMobileFriendlyHtml, sentAt, settings } from './email-expectations.js';

const DAY = 24 * 60 * 60_000;
const ORDER_ID = '6f1d2c3b-4a5e-4f60-9a7b-8c9d0e1f2a3b';

const order: PaymentOrderPaid = {
  orderId: ORDER_ID,
  provider: 'stripe',
  email: 'rosa@example.com',
  firstName: 'Rosa',
  lastName: 'Díaz',
  total: 139_400,
  currency: 'USD',
  lines: [
    { productId: 'restaurant-course', name: 'Restaurant Course', unitPrice: 69_700, quantity: 1 },
    { productId: 'menu-review', name: 'Menu Review', unitPrice: 34_850, quantity: 2 },
  ],
  courseIds: [1],
  paidAt: '2030-03-01T10:00:00.000Z',
};

describe('money and dates in e-mails', () => {
  it('writes amounts in US dollars and days in UTC, whatever the offset the payment came with', () => {
    const late = renderReceiptEmail({
      order: { ...order, total: 123_456_789, paidAt: '2030-03-31T23:30:00-05:00' },
      settings,
    });
    expect(late.subject).toBe('Your Restaurant Consultant receipt ($1,234,567.89)');
    expect(late.text).toContain('We received your payment of $1,234,567.89 on April 1, 2030.');
    expect(late.text).toContain('ask for a refund by May 1, 2030');
  });

  it('describes a purchase link’s validity in days, never more than it has left', () => {
    expect([7 * DAY, 7 * DAY - 5_000, 6 * DAY + 23 * 60 * 60_000, 2 * DAY].map(describeDuration)).toEqual([
      '7 days',
      '7 days',
      '6 days',
      '2 days',
    ]);
    expect(describeDuration(DAY)).toBe('24 hours');
  });
});

describe('the receipt', () => {
  const email = renderReceiptEmail({ order, settings });

  it('lists the order, the total in dollars, the order number and the 30-day guarantee', () => {
    expect(email.subject).toBe('Your Restaurant Consultant receipt ($1,394.00)');
    expect(email.text).toBe(
      [
        'Hi Rosa,',
        '',
        'We received your payment of $1,394.00 on March 1, 2030. This is your receipt.',
        '',
        `Order number: ${ORDER_ID}`,
        '',
        'Restaurant Course: $697.00',
        '',
        'Menu Review × 2: $697.00',
        '',
        'Total paid: $1,394.00',
        '',
        '30-day money-back guarantee: if it is not right for you, ask for a refund by March 31, 2030 and you get the full amount back: sign in and open Orders & billing (https://site.example/orders).',
        '',
        'Keep this e-mail for your records.',
        '',
        ...CUSTOMER_FOOTER,
      ].join('\n'),
    );
    expectMobileFriendlyHtml(email);
    expect(email.html).toContain('Total paid: $1,394.00');
    expect(email.html).toContain(ORDER_ID);
  });

  it('tells a buyer of the consultation how to get it, with a button to the consultation form', () => {
    const consultation = renderReceiptEmail({
      order: {
        ...order,
        total: 69_700,
        lines: [
          {
            productId: 'restaurant-consultation',
            name: 'Restaurant Consultation',
            unitPrice: 69_700,
            quantity: 1,
          },
        ],
      },
      settings,
    });
    expect(consultation.text).toContain(
      'Your consultation starts with the consultation form: tell us about your restaurant and send your photos, a short walkthrough video and your menu. We review every request within 24-48 hours.',
    );
    expect(consultation.text).toContain('Start your consultation:\nhttps://site.example/consultation');
    expect(consultation.html).toContain('href="https://site.example/consultation"');
    expectMobileFriendlyHtml(consultation);
    expect(email.text).not.toContain('/consultation');
  });

  it('shows a coupon’s discount before the total paid, and nothing without one', () => {
    const discounted = renderReceiptEmail({
      order: { ...order, total: 125_460, discount: 13_940, couponCode: 'SPRING-20' },
      settings,
    });
    expect(discounted.subject).toBe('Your Restaurant Consultant receipt ($1,254.60)');
    const text = discounted.text;
    expect(text).toContain('Discount (SPRING-20): -$139.40');
    expect(text.indexOf('Menu Review × 2: $697.00')).toBeLessThan(text.indexOf('Discount (SPRING-20)'));
    expect(text.indexOf('Discount (SPRING-20)')).toBeLessThan(text.indexOf('Total paid: $1,254.60'));
    expect(discounted.html).toContain('Discount (SPRING-20): -$139.40');
    expectMobileFriendlyHtml(discounted);
    expect(email.text).not.toContain('Discount');
  });

  it('bills a payment plan’s checkout as the instalment it charged, as its invoice does', () => {
    const plan = renderReceiptEmail({
      order: {
        ...order,
        total: 53_233,
        lines: [
          {
            productId: 'flexible-payments-program',
            name: 'Flexible Payments Program',
            unitPrice: 159_700,
            quantity: 1,
          },
        ],
      },
      settings,
    });
    expect(plan.text).toContain('Flexible Payments Program (payment 1 of 3): $532.33');
    expect(plan.text).toContain('Total paid: $532.33');
    expect(plan.text).not.toContain('$1,597.00');
  });

  it('names the invoice and where its PDF is, when the order has one', () => {
    const invoiced = renderReceiptEmail({ order: { ...order, invoiceNumber: 'INV-000042' }, settings });
    expect(invoiced.text).toContain(
      `Invoice INV-000042 (PDF, signed in): https://site.example/api/orders/${order.orderId}/invoice.pdf`,
    );
    expect(email.text).not.toContain('Invoice');
  });

  it('says plainly when the payment was made in test mode', () => {
    const test = renderReceiptEmail({ order: { ...order, provider: 'test' }, settings });
    expect(test.text).toContain('This was a test-mode payment: no money was charged.');
    expect(email.text).not.toContain('test-mode');
  });

  it('escapes names from the order in the HTML', () => {
    const hostile = renderReceiptEmail({
      order: {
        ...order,
        firstName: '<b>Rosa</b>',
        lines: [{ productId: 'x', name: '<img src=x onerror=alert(1)>', unitPrice: 100, quantity: 1 }],
      },
      settings,
    });
    expect(hostile.html).not.toContain('<img');
    expect(hostile.html).not.toContain('<b>');
    expect(hostile.html).toContain('&lt;img src=x onerror=alert(1)&gt;: $1.00');
    expect(hostile.html).toContain('Hi &lt;b&gt;Rosa&lt;/b&gt;,');
  });
});

describe('after a purchase', () => {
  it('gives a new account its set-password link, saying how long it is valid', () => {
    const email = sentAt(
      renderPurchaseSetPasswordEmail({
        email: 'rosa@example.com',
        firstName: 'Rosa',
        isNewAccount: true,
        token: 'tok-123_AbC',
        expiresAt: new Date(7 * DAY).toISOString(),
        settings,
      }),
    );
    const link = 'https://site.example/setup-password?token=tok-123_AbC';
    expect(email.subject).toBe('Set your password to access your course');
    expect(email.text).toContain('We created your Restaurant Consultant account for rosa@example.com.');
    expect(email.text).toContain(`Set your password:\n${link}\n`);
    expect(email.text).toContain('This link expires in 7 days and works only once.');
    expectMobileFriendlyHtml(email);
    expect(email.html).toContain(`href="${link}"`);
    expect(email.html).toContain('expires in 7 days');
  });

  it('tells an existing account its access is ready, with a link to the dashboard', () => {
    const email = renderCourseAccessReadyEmail({
      email: 'ada@example.com',
      firstName: 'Ada',
      includesCourse: true,
      settings,
    });
    expect(email.subject).toBe('Your course access is ready');
    expect(email.text).toContain('Your course is unlocked: sign in and start from your dashboard.');
    expect(email.text).toContain('Go to your dashboard:\nhttps://site.example/dashboard\n');
    expect(email.text).not.toContain('Forgot your password');
    expectMobileFriendlyHtml(email);
    expect(email.html).toContain('href="https://site.example/dashboard"');

    const late = renderCourseAccessReadyEmail({
      email: 'ada@example.com',
      firstName: 'Ada',
      includesCourse: false,
      linkExpired: true,
      settings,
    });
    // No course in the order: neither the subject nor the heading promises one.
    expect(late.subject).toBe('Your membership is active');
    expect(late.html).not.toContain('course access');
    expect(late.text).toContain('Your membership is active');
    expect(late.text).toContain('use “Forgot your password?” on the sign-in page');
  });
});

describe('the refund e-mail', () => {
  const refund: PaymentOrderRefunded = {
    orderId: ORDER_ID,
    email: 'rosa@example.com',
    firstName: 'Rosa',
    amount: 69_700,
    currency: 'USD',
    courseIds: [1],
    refundedAt: '2030-03-10T12:00:00.000Z',
  };

  it('names the amount, the order and what happens next', () => {
    const email = renderRefundEmail({ refund, settings });
    expect(email.subject).toBe('Your refund of $697.00 is on its way');
    expect(email.text).toContain(
      'We refunded $697.00 on March 10, 2030, under our 30-day money-back guarantee.',
    );
    expect(email.text).toContain(`Order number: ${ORDER_ID}`);
    expect(email.text).toContain('The course access that came with this order has ended.');
    expectMobileFriendlyHtml(email);
    const noCourse = renderRefundEmail({ refund: { ...refund, courseIds: [] }, settings });
    expect(noCourse.text).not.toContain('course access');
  });

  it('says why a second payment for what the buyer already had came back, and that nothing ends', () => {
    const email = renderRefundEmail({ refund: { ...refund, automatic: true, alreadyOwned: true }, settings });
    expect(email.subject).toBe('You already had this purchase: your $697.00 is refunded');
    expect(email.text).toContain(
      'We received a second payment of $697.00 for something you had already bought (another checkout of it was paid first), so we refunded it in full on March 10, 2030.',
    );
    expect(email.text).toContain(
      'Nothing changes on your account: your first purchase stays yours, with its receipt and access.',
    );
    expect(email.text).toContain('Go to your dashboard:\nhttps://site.example/dashboard');
    expect(email.text).not.toContain('has ended');
    expect(email.text).not.toContain('money-back guarantee');
    expectMobileFriendlyHtml(email);
  });
});

describe('a revenue share paid online', () => {
  const REPORT_ID = '0b6c8d0e-2f57-4d1e-9a51-7f6f1f7a9b10';
  const share: PaymentOrderPaid = {
    ...order,
    total: 40_000,
    lines: [
      { productId: 'revenue-share', name: 'Revenue share, February 2030', unitPrice: 40_000, quantity: 1 },
    ],
    courseIds: [],
    revenueReportId: REPORT_ID,
  };
  const refund: PaymentOrderRefunded = {
    orderId: ORDER_ID,
    email: 'rosa@example.com',
    firstName: 'Rosa',
    amount: 40_000,
    currency: 'USD',
    courseIds: [],
    refundedAt: '2030-03-10T12:00:00.000Z',
    revenueReportId: REPORT_ID,
  };

  it('gets a receipt that names the share and promises no money-back guarantee', () => {
    const email = renderReceiptEmail({ order: share, settings });
    expect(email.subject).toBe('Your Restaurant Consultant receipt ($400.00)');
    expect(email.html).toContain('Thank you for your payment');
    expect(email.text).toContain('Revenue share, February 2030: $400.00');
    expect(email.text).toContain('The payment is recorded on your revenue report');
    expect(email.text).not.toContain('money-back guarantee');
    expectMobileFriendlyHtml(email);
  });

  it('says the share is owed again after the admin’s refund, and why an automatic refund came', () => {
    const byAdmin = renderRefundEmail({ refund, settings });
    expect(byAdmin.text).toContain('We refunded your revenue share payment of $400.00 on March 10, 2030.');
    expect(byAdmin.text).toContain('The share this payment covered is due again on your revenue report.');
    expect(byAdmin.text).not.toContain('money-back guarantee');
    const automatic = renderRefundEmail({ refund: { ...refund, automatic: true }, settings });
    expect(automatic.text).toContain('another payment had already covered it');
    expect(automatic.text).not.toContain('due again');
    expectMobileFriendlyHtml(automatic);
  });
});
