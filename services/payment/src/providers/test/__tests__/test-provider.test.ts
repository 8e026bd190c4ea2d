/** The built-in test provider: its hosted page, and paying, declining and cancelling on it. */
import { describe, expect, it } from '@jest/globals';
import { useBacking } from '@platform/service-kit/testing';
import { PaymentOrderPaidSchema } from '@platform/contracts';
import { eq } from 'drizzle-orm';
import { testCheckoutSessions } from '../../../db/schema.js';
import {
  NEW_BUYER_EMAIL,
  newBuyerBilling,
  BILLING,
  CATALOGUE,
  CONSULTATION_LINE,
  MEMBER,
  backings,
  startPayment,
  type PaymentUnderTest,
} from '../../../__tests__/harness.js';

describe.each(backings())('the test provider on $name', (factory) => {
  let payment: PaymentUnderTest;

  useBacking(factory, async (backing) => {
    payment = await startPayment(backing);
    await payment.publishCatalogue([
      ...CATALOGUE,
      {
        id: 'tasting-night',
        name: 'Tasting <script>alert(1)</script> & "Night"',
        price: 2500,
        courseId: null,
      },
    ]);
    return payment;
  });

  /** Presses a button of the session's test page and expects a 303 to `location`. */
  async function pressExpectingRedirect(
    sessionId: string,
    button: 'pay' | 'decline' | 'cancel',
    location: string,
  ) {
    const response = await payment.call(`/api/test-checkout/${sessionId}/${button}`, { method: 'POST' });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(location);
  }

  it('shows the order and its total on a page that says TEST MODE, with three real buttons', async () => {
    const { sessionId, url } = await payment.checkout([
      { id: 'restaurant-consultation', quantity: 1 },
      { id: 'menu-optimization', quantity: 1 },
      { id: 'tasting-night', quantity: 1 },
    ]);
    const response = await payment.call(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('cache-control')).toBe('no-store');
    const html = await response.text();

    expect(html).toMatch(/^<!doctype html>\n<html lang="en">/);
    expect(html).toContain('<title>Test checkout - Restaurant Consultant</title>');
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(html).toContain('<strong>TEST MODE</strong>');
    expect(html).toContain('Restaurant Consultation');
    expect(html).toContain('Included');
    expect(html).toContain('$25.00');
    expect(html).toContain('$722.00'); // 697 + 0 + 25
    const buttons: Array<[string, string]> = [
      ['pay', 'Pay (test mode)'],
      ['decline', 'Decline'],
      ['cancel', 'Cancel'],
    ];
    for (const [action, label] of buttons) {
      expect(html).toMatch(
        new RegExp(
          `<form method="post" action="/api/test-checkout/${sessionId}/${action}">\\s*<button type="submit"[^>]*>${label.replace(/[()]/g, '\\$&')}</button>`,
        ),
      );
    }
    // User values are escaped.
    expect(html).not.toContain('<script>');
    expect(html).toContain('Tasting &lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Night&quot;');
  });

  it('escapes the e-mail address too', async () => {
    const { url } = await payment.checkout(undefined, { ...BILLING, email: '<img>x"@example.com' });
    const html = await (await payment.call(url)).text();
    expect(html).toContain('&lt;img&gt;x&quot;@example.com');
    expect(html).not.toContain('<img>');
  });

  it('answers 404 with a page for a session that does not exist', async () => {
    for (const id of ['test_cs_doesnotexist', 'cs_live_abc', '..%2F..%2Fetc']) {
      const response = await payment.call(`/api/test-checkout/${id}`);
      expect(response.status).toBe(404);
      expect(await response.text()).toContain('Checkout not found');
    }
    const pay = await payment.call('/api/test-checkout/test_cs_doesnotexist/pay', { method: 'POST' });
    expect(pay.status).toBe(404);
  });

  it("'Pay (test mode)' sends a signed webhook that fulfils the order once, then goes to the success page", async () => {
    const { sessionId } = await payment.checkout();
    const before = await payment.counts();
    await pressExpectingRedirect(sessionId, 'pay', `/checkout-success?session_id=${sessionId}`);

    const order = await payment.orderBySession(sessionId);
    expect(order).toMatchObject({
      status: 'fulfilled',
      paidAt: payment.clock.now(),
      fulfilledAt: payment.clock.now(),
    });
    expect(order?.providerPaymentId).toMatch(/^test_pi_/);
    const after = await payment.counts();
    expect(after.fulfilments).toBe(before.fulfilments + 1);
    expect(after.providerEvents).toBe(before.providerEvents + 1);
    expect(after.paidEvents).toBe(before.paidEvents + 1);

    const events = await payment.events('payment.order.paid');
    const paid = PaymentOrderPaidSchema.parse(events.at(-1)!.data);
    expect(paid).toEqual({
      orderId: order!.id,
      provider: 'test',
      email: expect.stringMatching(NEW_BUYER_EMAIL),
      firstName: 'Ada',
      lastName: 'Lovelace',
      invoiceNumber: expect.stringMatching(/^INV-\d{6}$/),
      // The invoice, attached to the receipt: a PDF ("%PDF-" in base64).
      invoicePdf: expect.stringMatching(/^JVBERi0/),
      total: 69700,
      currency: 'USD',
      lines: [CONSULTATION_LINE],
      courseIds: [1],
      paidAt: payment.clock.now().toISOString(),
    });
    expect(
      payment.logs.some((line) => line.msg === 'provider webhook handled' && line.outcome === 'fulfilled'),
    ).toBe(true);

    // Paying again only goes to the success page; the page now says it is complete.
    await pressExpectingRedirect(sessionId, 'pay', `/checkout-success?session_id=${sessionId}`);
    expect(await payment.counts()).toEqual(after);
    const page = await (await payment.call(`/api/test-checkout/${sessionId}`)).text();
    expect(page).toContain('This test payment is complete.');
    expect(page).not.toContain('Pay (test mode)</button>');
  });

  it('names the signed-in buyer’s account in payment.order.paid, whatever billing e-mail they typed', async () => {
    const response = await payment.call('/api/create-checkout-session', {
      caller: MEMBER,
      json: {
        items: [{ id: 'restaurant-consultation', quantity: 1 }],
        billingInfo: { ...BILLING, email: 'accounts@lopez-foods.example' },
      },
    });
    expect(response.status).toBe(200);
    const { sessionId } = (await response.json()) as { sessionId: string };
    await payment.call(`/api/test-checkout/${sessionId}/pay`, { method: 'POST' });

    const order = await payment.orderBySession(sessionId);
    const paid = (await payment.events('payment.order.paid'))
      .map((event) => PaymentOrderPaidSchema.parse(event.data))
      .find((data) => data.orderId === order!.id);
    expect(paid).toMatchObject({
      email: 'accounts@lopez-foods.example',
      placedByUserId: MEMBER.kind === 'user' ? MEMBER.userId : 'a signed-in caller',
    });
  });

  it("'Decline' fails the order through a signed webhook and goes back to the checkout, which says so", async () => {
    const { sessionId } = await payment.checkout();
    const before = await payment.counts();
    await pressExpectingRedirect(sessionId, 'decline', '/checkout?payment=failed');
    expect(await payment.orderBySession(sessionId)).toMatchObject({
      status: 'failed',
      failedAt: payment.clock.now(),
    });
    const after = await payment.counts();
    expect(after.providerEvents).toBe(before.providerEvents + 1);
    expect(after.paidEvents).toBe(before.paidEvents);

    // A declined session cannot be paid afterwards.
    await pressExpectingRedirect(sessionId, 'pay', `/api/test-checkout/${sessionId}`);
    expect(await payment.orderBySession(sessionId)).toMatchObject({ status: 'failed' });
    const declinedPage = await (await payment.call(`/api/test-checkout/${sessionId}`)).text();
    expect(declinedPage).toContain('This test payment was declined.');
    expect(declinedPage).toContain('<a class="link" href="/checkout?payment=failed">Back to checkout</a>');
  });

  it("'Cancel' goes back to the checkout, which says the payment was cancelled, and changes nothing", async () => {
    const { sessionId } = await payment.checkout();
    const before = await payment.counts();
    await pressExpectingRedirect(sessionId, 'cancel', '/checkout?payment=cancelled');
    expect(await payment.orderBySession(sessionId)).toMatchObject({ status: 'pending' });
    const [session] = await payment.service.deps.db
      .select()
      .from(testCheckoutSessions)
      .where(eq(testCheckoutSessions.id, sessionId));
    expect(session?.status).toBe('open');
    expect(await payment.counts()).toEqual(before);
  });

  it('pays a wallet order on the same page and captures it on the way back', async () => {
    const response = await payment.call('/api/paypal/order', {
      json: {
        intent: 'CAPTURE',
        amount: 697,
        currency: 'USD',
        billingInfo: BILLING,
        items: [{ id: 'restaurant-consultation', name: 'Restaurant Consultation', price: 697, quantity: 1 }],
      },
    });
    const { id, links } = (await response.json()) as {
      id: string;
      links: Array<{ rel: string; href: string }>;
    };
    const approve = links.find((link) => link.rel === 'approve')!.href;
    expect((await payment.call(approve)).status).toBe(200);

    const paid = await payment.call(`/api/test-checkout/${id}/pay`, { method: 'POST' });
    expect(paid.status).toBe(303);
    const back = paid.headers.get('location')!;
    expect(back).toBe(`/api/paypal/return?session_id=${id}`);
    const returned = await payment.call(back);
    expect(returned.status).toBe(303);
    expect(returned.headers.get('location')).toBe(`/checkout-success?session_id=${id}`);
    expect(await payment.orderBySession(id)).toMatchObject({ status: 'fulfilled', method: 'wallet' });

    // The return route for an unknown or missing token goes back to the checkout.
    for (const path of ['/api/paypal/return', '/api/paypal/return?token=nothing']) {
      const bounced = await payment.call(path);
      expect(bounced.status).toBe(303);
      expect(bounced.headers.get('location')).toBe('/checkout');
    }
  });

  it('a cancelled wallet approval comes back through the cancel route, a declined one as failed', async () => {
    const startWallet = async () => {
      const response = await payment.call('/api/paypal/order', {
        json: {
          intent: 'CAPTURE',
          currency: 'USD',
          billingInfo: newBuyerBilling(),
          items: [{ id: 'restaurant-consultation', quantity: 1 }],
        },
      });
      expect(response.status).toBe(200);
      return ((await response.json()) as { id: string }).id;
    };

    const cancelled = await startWallet();
    const cancel = await payment.call(`/api/test-checkout/${cancelled}/cancel`, { method: 'POST' });
    expect(cancel.headers.get('location')).toBe('/api/paypal/cancel');
    // PayPal appends its order id as `token`; nothing changes either way.
    const back = await payment.call(`/api/paypal/cancel?token=${cancelled}`);
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toBe('/checkout?payment=cancelled');
    expect(await payment.orderBySession(cancelled)).toMatchObject({ status: 'pending' });

    const declined = await startWallet();
    const decline = await payment.call(`/api/test-checkout/${declined}/decline`, { method: 'POST' });
    expect(decline.headers.get('location')).toBe('/checkout?payment=failed');
    expect(await payment.orderBySession(declined)).toMatchObject({ status: 'failed' });
    // Had the buyer come back through the return route instead, the refused capture says the same.
    const returned = await payment.call(`/api/paypal/return?session_id=${declined}`);
    expect(returned.headers.get('location')).toBe('/checkout?payment=failed');
  });

  it('expires an unpaid session after 24 hours', async () => {
    const { sessionId } = await payment.checkout();
    payment.clock.advance(25 * 60 * 60 * 1000);
    try {
      const page = await (await payment.call(`/api/test-checkout/${sessionId}`)).text();
      expect(page).toContain('This test checkout has expired.');
      const pay = await payment.call(`/api/test-checkout/${sessionId}/pay`, { method: 'POST' });
      expect(pay.headers.get('location')).toBe(`/api/test-checkout/${sessionId}`);
      expect(await payment.testProvider().getPaymentStatus(sessionId)).toMatchObject({ status: 'failed' });
    } finally {
      payment.clock.advance(-25 * 60 * 60 * 1000);
    }
  });
});
