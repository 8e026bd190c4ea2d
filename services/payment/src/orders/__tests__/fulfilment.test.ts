/**
 * The confirmation page's grant-course-access, and fulfilment exactly once: the webhook and the page
 * racing each other for the same paid checkout produce one fulfilment and one `payment.order.paid`.
 */
import { describe, expect, it } from '@jest/globals';
import { GrantCourseAccessResponseSchema, type GrantCourseAccessResponse } from '@platform/contracts';
import { eq } from 'drizzle-orm';
import { fulfilments, outboxEvents } from '../../db/schema.js';
import { backings, paidWithLostWebhook, usePaymentSuite } from '../../__tests__/harness.js';

describe.each(backings())('fulfilment on $name', (factory) => {
  const { payment } = usePaymentSuite(factory);

  const grant = (sessionId: string) =>
    payment.call('/api/grant-course-access', {
      json: {
        session_id: sessionId,
        customer_email: 'ada.lovelace@example.com',
        customer_name: 'Ada Lovelace',
      },
    });

  /** Asks the confirmation page's grant for the session; expects `status` and exactly `body`, a valid answer. */
  async function expectGrantAnswer(sessionId: string, status: number, body: GrantCourseAccessResponse) {
    const response = await grant(sessionId);
    expect(response.status).toBe(status);
    const answer: unknown = await response.json();
    expect(GrantCourseAccessResponseSchema.parse(answer)).toEqual(body);
    expect(answer).toEqual(body);
  }

  it('grants nothing for a checkout that was not paid (402), however often it is asked', async () => {
    const { sessionId } = await payment.checkout();
    const before = await payment.counts();
    for (let attempt = 0; attempt < 3; attempt += 1) {
      await expectGrantAnswer(sessionId, 402, {
        success: false,
        message: 'Payment has not been completed for this checkout yet.',
        status: 'pending',
      });
    }
    expect(await payment.counts()).toEqual(before);
    expect((await payment.orderBySession(sessionId))?.status).toBe('pending');
  });

  it('fulfils a paid checkout whose webhook was lost, once, however often it is asked', async () => {
    const sessionId = await paidWithLostWebhook(payment);
    const before = await payment.counts();
    for (let attempt = 0; attempt < 3; attempt += 1) {
      await expectGrantAnswer(sessionId, 200, {
        success: true,
        message: 'Welcome email has been sent to your inbox.',
        status: 'fulfilled',
        productIds: ['restaurant-consultation'],
      });
    }
    const after = await payment.counts();
    expect(after.fulfilments).toBe(before.fulfilments + 1);
    expect(after.paidEvents).toBe(before.paidEvents + 1);
    const order = await payment.orderBySession(sessionId);
    const [fulfilment] = await payment.service.deps.db
      .select()
      .from(fulfilments)
      .where(eq(fulfilments.orderId, order!.id));
    expect(fulfilment?.source).toBe('grant');
    const [event] = await payment.service.deps.db
      .select()
      .from(outboxEvents)
      .where(eq(outboxEvents.id, fulfilment!.eventId!));
    expect(event?.type).toBe('payment.order.paid');
  });

  it('tells a declined checkout apart (402, failed)', async () => {
    const { sessionId } = await payment.checkout();
    await payment.call(`/api/test-checkout/${sessionId}/decline`, { method: 'POST' });
    await expectGrantAnswer(sessionId, 402, {
      success: false,
      message: 'The payment for this checkout did not go through.',
      status: 'failed',
    });
  });

  it('answers 404 for an unknown session and 400 for a bad body', async () => {
    const unknown = await grant('test_cs_nobodys');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ message: 'Checkout session not found' });
    for (const body of [{}, { session_id: '' }, { session_id: '   ' }, { session_id: 42 }]) {
      const response = await payment.call('/api/grant-course-access', { json: body });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { message: string }).message).toBe('session_id is required');
    }
  });

  it('the webhook and the confirmation page racing for the same payment fulfil it once', async () => {
    const sessions = await Promise.all(Array.from({ length: 6 }, () => paidWithLostWebhook(payment)));
    const before = await payment.counts();
    await Promise.all(
      sessions.map(async (sessionId) => {
        const { body, signature } = payment
          .testProvider()
          .buildWebhook('checkout.session.completed', sessionId);
        const headers = { 'content-type': 'application/json', 'test-signature': signature };
        const [webhook, page, pageAgain] = await Promise.all([
          payment.postWebhook('test', body, headers),
          grant(sessionId),
          grant(sessionId),
        ]);
        expect(webhook.status).toBe(200);
        expect(page.status).toBe(200);
        expect(pageAgain.status).toBe(200);
        const outcome = ((await webhook.json()) as { outcome: string }).outcome;
        expect(['fulfilled', 'already-fulfilled']).toContain(outcome);
      }),
    );
    const after = await payment.counts();
    expect(after.fulfilments).toBe(before.fulfilments + sessions.length);
    expect(after.paidEvents).toBe(before.paidEvents + sessions.length);
    const paidOrderIds = (await payment.events('payment.order.paid')).map((event) => event.data.orderId);
    expect(new Set(paidOrderIds).size).toBe(paidOrderIds.length);
    for (const sessionId of sessions)
      expect((await payment.orderBySession(sessionId))?.status).toBe('fulfilled');
  });
});
