/** Provider webhooks: only a fresh, correctly signed one changes anything, and only once. */
import { describe, expect, it } from '@jest/globals';
import { eq } from 'drizzle-orm';
import { testCheckoutSessions } from '../../db/schema.js';
import { signTestPayload } from '../../providers/test/test-signature.js';
import { testWebhookSecret } from '../../runtime.js';
import { backings, LOST_WEBHOOK_URL, paidWithLostWebhook, usePaymentSuite } from '../../__tests__/harness.js';

describe.each(backings())('webhooks on $name', (factory) => {
  const { payment } = usePaymentSuite(factory);

  /** A checkout paid with its webhook lost (`paidWithLostWebhook`): its order is still pending. */
  async function paidAndPending() {
    const sessionId = await paidWithLostWebhook(payment);
    expect((await payment.orderBySession(sessionId))?.status).toBe('pending');
    return sessionId;
  }

  function signedWebhook(sessionId: string, eventId?: string) {
    const { body, signature } = payment
      .testProvider()
      .buildWebhook('checkout.session.completed', sessionId, eventId);
    return { body, headers: { 'content-type': 'application/json', 'test-signature': signature } };
  }

  it('fulfils on a correctly signed webhook, which needs no gateway token', async () => {
    const sessionId = await paidAndPending();
    const { body, headers } = signedWebhook(sessionId);
    const response = await payment.postWebhook('test', body, headers);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true, outcome: 'fulfilled' });
    expect((await payment.orderBySession(sessionId))?.status).toBe('fulfilled');
  });

  it('refuses forged, tampered, unsigned and stale webhooks with 400, changing nothing', async () => {
    const sessionId = await paidAndPending();
    const before = await payment.counts();
    const { body, headers } = signedWebhook(sessionId);
    const now = payment.clock.now();
    const attempts: Array<[string, Record<string, string>]> = [
      // Signed with another secret.
      [body, { ...headers, 'test-signature': signTestPayload(body, 'not-the-secret-'.repeat(4), now) }],
      // The signature of another body.
      [body.replace('checkout.session.completed', 'checkout.session.declined'), headers],
      [body.replace(sessionId, `${sessionId}x`), headers],
      // No signature, or nonsense.
      [body, { 'content-type': 'application/json' }],
      [body, { ...headers, 'test-signature': 'garbage' }],
      [body, { ...headers, 'test-signature': 't=abc,v1=00' }],
      // Signed with the right secret, but six minutes old, or from the future.
      [
        body,
        {
          ...headers,
          'test-signature': signTestPayload(
            body,
            testWebhookSecret(payment.service.deps.config),
            new Date(now.getTime() - 301_000),
          ),
        },
      ],
      [
        body,
        {
          ...headers,
          'test-signature': signTestPayload(
            body,
            testWebhookSecret(payment.service.deps.config),
            new Date(now.getTime() + 301_000),
          ),
        },
      ],
    ];
    for (const [rawBody, attemptHeaders] of attempts) {
      const response = await payment.postWebhook('test', rawBody, attemptHeaders);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ message: 'Invalid webhook signature' });
    }
    expect(await payment.counts()).toEqual(before);
    expect((await payment.orderBySession(sessionId))?.status).toBe('pending');
  });

  it('refuses a captured webhook replayed after the tolerance', async () => {
    const sessionId = await paidAndPending();
    const { body, headers } = signedWebhook(sessionId);
    payment.clock.advance(301_000);
    const response = await payment.postWebhook('test', body, headers);
    expect(response.status).toBe(400);
    expect((await payment.orderBySession(sessionId))?.status).toBe('pending');
  });

  it('records a replayed webhook once: the replay changes nothing', async () => {
    const sessionId = await paidAndPending();
    const { body, headers } = signedWebhook(sessionId);
    const first = await payment.postWebhook('test', body, headers);
    expect(await first.json()).toEqual({ received: true, outcome: 'fulfilled' });
    const after = await payment.counts();
    const order = await payment.orderBySession(sessionId);

    const replay = await payment.postWebhook('test', body, headers);
    expect(replay.status).toBe(200);
    expect(await replay.json()).toEqual({ received: true, outcome: 'duplicate' });
    // Another event about the same payment: recorded, but the order is fulfilled once.
    const other = signedWebhook(sessionId);
    const second = await payment.postWebhook('test', other.body, other.headers);
    expect(await second.json()).toEqual({ received: true, outcome: 'already-fulfilled' });

    expect(await payment.counts()).toEqual({ ...after, providerEvents: after.providerEvents + 1 });
    expect(await payment.orderBySession(sessionId)).toEqual(order);
  });

  it('asks the provider instead of trusting a "paid" webhook: an unpaid session stays pending', async () => {
    const { sessionId } = await payment.checkout();
    const before = await payment.counts();
    const { body, headers } = signedWebhook(sessionId);
    const response = await payment.postWebhook('test', body, headers);
    expect(await response.json()).toEqual({ received: true, outcome: 'not-paid' });
    expect((await payment.orderBySession(sessionId))?.status).toBe('pending');
    expect((await payment.counts()).paidEvents).toBe(before.paidEvents);
  });

  it('does not fulfil when the provider collected another amount, and flags the order', async () => {
    const { sessionId } = await payment.checkout();
    // The provider's side says it collected $1.00 for a $697.00 order.
    await payment.service.deps.db
      .update(testCheckoutSessions)
      .set({ amount: 100 })
      .where(eq(testCheckoutSessions.id, sessionId));
    const provider = payment.testProvider();
    await provider.pay((await provider.findSession(sessionId))!, LOST_WEBHOOK_URL);
    const before = await payment.counts();
    const { body, headers } = signedWebhook(sessionId);
    const response = await payment.postWebhook('test', body, headers);
    expect(await response.json()).toEqual({ received: true, outcome: 'amount-mismatch' });
    const order = await payment.orderBySession(sessionId);
    expect(order?.status).toBe('pending');
    expect(order?.problem).toBe('The provider collected 100 USD for an order of 69700 USD.');
    expect((await payment.counts()).paidEvents).toBe(before.paidEvents);

    const grant = await payment.call('/api/grant-course-access', { json: { session_id: sessionId } });
    expect(grant.status).toBe(409);
    expect(await grant.json()).toEqual({
      success: false,
      message: 'The payment does not match the order. Please contact support.',
      status: 'pending',
    });
    expect((await payment.counts()).paidEvents).toBe(before.paidEvents);
  });

  it('acknowledges an event about a checkout it does not know, without effect', async () => {
    const { body, headers } = signedWebhook('test_cs_somebodyelses');
    const response = await payment.postWebhook('test', body, headers);
    expect(await response.json()).toEqual({ received: true, outcome: 'unknown-order' });
  });

  it('answers 404 for Stripe and PayPal webhooks when they are not configured, and for unknown providers', async () => {
    for (const provider of ['stripe', 'paypal']) {
      const response = await payment.postWebhook(provider, '{}', { 'content-type': 'application/json' });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ message: 'This payment provider is not configured' });
    }
    const unknown = await payment.postWebhook('bitcoin', '{}', { 'content-type': 'application/json' });
    expect(unknown.status).toBe(404);
  });
});
