/** Which provider takes which payment method, depending on the settings. */
import { afterEach, describe, expect, it } from '@jest/globals';
import { BILLING, backings, startPayment, type Backing, type PaymentUnderTest } from './harness.js';

describe('provider choice', () => {
  let backing: Backing | undefined;
  let payment: PaymentUnderTest | undefined;

  afterEach(async () => {
    await payment?.stop();
    await backing?.cleanup();
    payment = undefined;
    backing = undefined;
  });

  it('uses the test provider for both methods without keys, even in production, and warns loudly', async () => {
    backing = await backings()[0]!.create();
    payment = await startPayment(backing, { env: { NODE_ENV: 'production' } });
    expect(await (await payment.call('/api/payment/providers')).json()).toEqual({
      card: 'test',
      wallet: 'test',
      testMode: true,
    });
    expect(
      payment.logs.some(
        (line) =>
          line.level === 40 &&
          line.msg ===
            'the built-in TEST payment provider is active: buyers can complete orders without paying',
      ),
    ).toBe(true);
  });

  it('with TEST_PROVIDER_ENABLED=false and no keys, refuses payments plainly and hides the test page', async () => {
    backing = await backings()[0]!.create();
    payment = await startPayment(backing, { env: { TEST_PROVIDER_ENABLED: 'false' } });
    await payment.publishCatalogue();
    expect(await (await payment.call('/api/payment/providers')).json()).toEqual({
      card: null,
      wallet: null,
      testMode: false,
    });
    const card = await payment.call('/api/create-checkout-session', {
      json: { items: [{ id: 'restaurant-consultation', quantity: 1 }], billingInfo: BILLING },
    });
    expect(card.status).toBe(503);
    expect(await card.json()).toEqual({ message: 'Card payments are not available right now.' });
    const wallet = await payment.call('/api/paypal/order', {
      json: {
        intent: 'CAPTURE',
        currency: 'USD',
        billingInfo: BILLING,
        items: [{ id: 'restaurant-consultation', quantity: 1 }],
      },
    });
    expect(wallet.status).toBe(503);
    expect(await wallet.json()).toEqual({ message: 'PayPal payments are not available right now.' });
    expect((await payment.counts()).orders).toBe(0);
    expect((await payment.call('/api/test-checkout/test_cs_anything')).status).toBe(404);
    expect((await payment.postWebhook('test', '{}', { 'content-type': 'application/json' })).status).toBe(
      404,
    );
  });

  it('refuses to start with half a Stripe configuration', async () => {
    backing = await backings()[0]!.create();
    await expect(startPayment(backing, { env: { STRIPE_SECRET_KEY: 'sk_test_123' } })).rejects.toThrow(
      /Stripe is half configured/,
    );
  });
});
