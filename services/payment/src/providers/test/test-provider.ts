/**
 * The built-in test provider: the default when no Stripe or PayPal keys are configured. It behaves like
 * a hosted checkout: its sessions live in its own table, its page (`test-checkout.router.ts`) is where
 * the buyer pays or declines, and the outcome reaches the payment service as a signed webhook over HTTP,
 * so the same verify → record → fulfil path runs as for Stripe. No money moves.
 */
import { randomBytes } from 'node:crypto';
import type { Clock } from '@platform/service-kit/clock';
import type { Database, Executor } from '@platform/service-kit/db';
import type { Logger } from '@platform/service-kit/logger';
import { HOUR } from '@platform/service-kit/clock';
import { traceHeaders } from '@platform/service-kit/runtime';
import { z } from 'zod';
import {
  WebhookVerificationError,
  type CheckoutOrder,
  type CheckoutUrls,
  type CreatedCheckout,
  type PaymentProvider,
  type ProviderPaymentStatus,
  type VerifiedWebhook,
} from '../payment-provider.js';
import { signTestPayload, TEST_SIGNATURE_HEADER, verifyTestSignature } from './test-signature.js';
import {
  completeTestSession,
  findTestSession,
  insertTestSession,
  refundTestPayment,
  type TestSessionRow,
} from './test-sessions.repository.js';

/** An open test session nobody paid expires, as a Stripe Checkout session does after 24 hours. */
export const TEST_SESSION_LIFETIME_MS = 24 * HOUR;

export const TEST_CHECKOUT_PATH = '/api/test-checkout';

const TestWebhookBodySchema = z.object({
  id: z.string().regex(/^evt_test_[A-Za-z0-9_-]{8,64}$/),
  type: z.enum(['checkout.session.completed', 'checkout.session.declined']),
  created: z.number().int(),
  data: z.object({ sessionId: z.string().min(1).max(255) }),
});
export type TestWebhookBody = z.infer<typeof TestWebhookBodySchema>;

export interface TestProviderOptions {
  db: Database;
  clock: Clock;
  logger: Logger;
  /** HMAC secret of the webhooks. */
  webhookSecret: string;
}

export class TestSessionNotFoundError extends Error {
  override name = 'TestSessionNotFoundError';
}

export class TestProvider implements PaymentProvider {
  readonly name = 'test' as const;

  constructor(private readonly options: TestProviderOptions) {}

  async createCheckout(order: CheckoutOrder, urls: CheckoutUrls): Promise<CreatedCheckout> {
    const id = `test_cs_${randomId()}`;
    await insertTestSession(this.options.db, {
      id,
      orderId: order.id,
      lines: order.lines,
      amount: order.total,
      currency: order.currency,
      customerEmail: order.customerEmail,
      successUrl: appendQuery(urls.successUrl, 'session_id', id),
      cancelUrl: urls.cancelUrl,
      failureUrl: urls.failureUrl ?? null,
      createdAt: this.options.clock.now(),
    });
    const url = `${TEST_CHECKOUT_PATH}/${id}`;
    return { providerSessionId: id, url, links: [{ rel: 'approve', href: url, method: 'GET' }] };
  }

  async getPaymentStatus(providerSessionId: string): Promise<ProviderPaymentStatus> {
    return this.paymentStatusOf(providerSessionId, await this.findSession(providerSessionId));
  }

  /** The test provider takes the money when the buyer pays; capturing only reads the outcome. */
  capture(providerSessionId: string): Promise<ProviderPaymentStatus> {
    return this.getPaymentStatus(providerSessionId);
  }

  /** An open session expires at once (its page says so and cannot be paid); a decided one stays as it is. */
  async closeCheckout(providerSessionId: string, within?: Executor): Promise<ProviderPaymentStatus> {
    const db = within ?? this.options.db;
    await completeTestSession(db, providerSessionId, { status: 'expired', at: this.options.clock.now() });
    return this.paymentStatusOf(providerSessionId, await findTestSession(db, providerSessionId));
  }

  private paymentStatusOf(providerSessionId: string, session: TestSessionRow | null): ProviderPaymentStatus {
    if (!session) throw new TestSessionNotFoundError(`No test checkout session ${providerSessionId}`);
    return {
      providerSessionId,
      status: this.statusOf(session),
      amountTotal: session.amount,
      currency: session.currency,
      providerPaymentId: session.paymentId,
    };
  }

  async verifyWebhook(
    rawBody: Buffer,
    headers: Record<string, string | undefined>,
  ): Promise<VerifiedWebhook> {
    verifyTestSignature(
      rawBody,
      headers[TEST_SIGNATURE_HEADER],
      this.options.webhookSecret,
      this.options.clock.now(),
    );
    let body: TestWebhookBody;
    try {
      body = TestWebhookBodySchema.parse(JSON.parse(rawBody.toString('utf8')));
    } catch {
      throw new WebhookVerificationError('Webhook body is not a test provider event');
    }
    return {
      eventId: body.id,
      kind: body.type === 'checkout.session.completed' ? 'paid' : 'failed',
      providerSessionId: body.data.sessionId,
    };
  }

  async refund(payment: { orderId: string; providerPaymentId: string; amount: number }) {
    const refundId = await refundTestPayment(this.options.db, payment.providerPaymentId, {
      refundId: `test_re_${randomId()}`,
      at: this.options.clock.now(),
    });
    if (!refundId) throw new Error(`No paid test payment ${payment.providerPaymentId} to refund`);
    return { refundId };
  }

  // --- The hosted page's actions -------------------------------------------------------------------

  /** The session as the page shows it, with expiry applied; null when there is none. */
  async findSession(id: string): Promise<TestSessionRow | null> {
    if (!/^test_cs_[A-Za-z0-9_-]{1,64}$/.test(id)) return null;
    return findTestSession(this.options.db, id);
  }

  statusOf(session: TestSessionRow): ProviderPaymentStatus['status'] {
    if (session.status === 'paid') return 'paid';
    if (session.status === 'declined' || session.status === 'expired' || this.isExpired(session))
      return 'failed';
    return 'pending';
  }

  isExpired(session: TestSessionRow): boolean {
    return (
      session.status === 'open' &&
      this.options.clock.now().getTime() - session.createdAt.getTime() > TEST_SESSION_LIFETIME_MS
    );
  }

  /**
   * The buyer pressed 'Pay (test mode)': the session is paid, and the signed webhook is sent to
   * `webhookUrl`. A webhook that cannot be delivered is logged; the success page and the reconciliation
   * job ask this provider directly, so the order is fulfilled anyway.
   */
  async pay(session: TestSessionRow, webhookUrl: string): Promise<'paid' | 'not-open'> {
    const paid = await completeTestSession(this.options.db, session.id, {
      status: 'paid',
      paymentId: `test_pi_${randomId()}`,
      at: this.options.clock.now(),
    });
    if (!paid) return 'not-open';
    await this.sendWebhook(webhookUrl, 'checkout.session.completed', session.id);
    return 'paid';
  }

  /** The buyer pressed 'Decline': the card is declined, the order fails through a signed webhook. */
  async decline(session: TestSessionRow, webhookUrl: string): Promise<'declined' | 'not-open'> {
    const declined = await completeTestSession(this.options.db, session.id, {
      status: 'declined',
      at: this.options.clock.now(),
    });
    if (!declined) return 'not-open';
    await this.sendWebhook(webhookUrl, 'checkout.session.declined', session.id);
    return 'declined';
  }

  /** Builds a signed webhook as the page would send it (tests use it to forge and replay). */
  buildWebhook(type: TestWebhookBody['type'], sessionId: string, eventId = `evt_test_${randomId()}`) {
    const now = this.options.clock.now();
    const body: TestWebhookBody = {
      id: eventId,
      type,
      created: Math.floor(now.getTime() / 1000),
      data: { sessionId },
    };
    const raw = JSON.stringify(body);
    return { body: raw, signature: signTestPayload(raw, this.options.webhookSecret, now) };
  }

  private async sendWebhook(url: string, type: TestWebhookBody['type'], sessionId: string): Promise<void> {
    const { body, signature } = this.buildWebhook(type, sessionId);
    try {
      const response = await fetch(url, {
        method: 'POST',
        // The webhook continues the paying request's trace, as a provider's own would not.
        headers: {
          'content-type': 'application/json',
          [TEST_SIGNATURE_HEADER]: signature,
          ...traceHeaders(),
        },
        body,
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) {
        this.options.logger.warn(
          { status: response.status, sessionId, type },
          'the test provider webhook was refused; reconciliation will catch up',
        );
      }
    } catch (error) {
      this.options.logger.warn(
        { err: error, sessionId, type },
        'the test provider webhook could not be delivered; reconciliation will catch up',
      );
    }
  }
}

function randomId(): string {
  return randomBytes(18).toString('base64url');
}

function appendQuery(url: string, name: string, value: string): string {
  const separator = url.includes('?') ? '&' : '?';
  return `${url}${separator}${encodeURIComponent(name)}=${encodeURIComponent(value)}`;
}
