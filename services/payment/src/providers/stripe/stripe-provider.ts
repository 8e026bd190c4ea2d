/**
 * Stripe Checkout behind the PaymentProvider interface, through the official `stripe` SDK. Every write
 * carries an idempotency key derived from our order id, so a retried request (ours or the SDK's) can never
 * open a second session or refund twice.
 */
import type { Clock } from '@platform/service-kit';
import { systemClock } from '@platform/service-kit';
import Stripe from 'stripe';
import {
  PaymentProviderError,
  WebhookVerificationError,
  type CheckoutOrder,
  type CheckoutUrls,
  type CreatedCheckout,
  type PaymentProvider,
  type ProviderPaymentStatus,
  type VerifiedWebhook,
} from '../payment-provider.js';

/** Stripe's own default, passed explicitly so a change of default in the SDK cannot widen it. */
export const STRIPE_WEBHOOK_TOLERANCE_SECONDS = 300;

export interface StripeProviderOptions {
  secretKey: string;
  webhookSecret: string;
  /** Only for tests: talk to this http(s) origin instead of api.stripe.com. */
  apiBase?: string;
  clock?: Clock;
  /** Retries of failed requests by the SDK (safe: every write carries an idempotency key). Default 2. */
  maxNetworkRetries?: number;
  /** Per request, in milliseconds. Default 20 s. */
  timeoutMs?: number;
}

type CheckoutSession = Stripe.Checkout.Session;

/** The placeholder Stripe replaces with the session id when it sends the buyer back. */
const SESSION_ID_PLACEHOLDER = '{CHECKOUT_SESSION_ID}';

export class StripeProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  private readonly stripe: Stripe;
  private readonly webhookSecret: string;
  private readonly clock: Clock;

  constructor(options: StripeProviderOptions) {
    this.stripe = new Stripe(options.secretKey, {
      ...apiBaseOptions(options.apiBase),
      maxNetworkRetries: options.maxNetworkRetries ?? 2,
      timeout: options.timeoutMs ?? 20_000,
      telemetry: false,
      appInfo: { name: 'restaurant-consultant-payment' },
    });
    this.webhookSecret = options.webhookSecret;
    this.clock = options.clock ?? systemClock;
  }

  async createCheckout(order: CheckoutOrder, urls: CheckoutUrls): Promise<CreatedCheckout> {
    const session = await this.call('create the checkout session', () =>
      this.stripe.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: order.lines.map((line) => ({
            quantity: line.quantity,
            price_data: {
              currency: order.currency.toLowerCase(),
              unit_amount: line.unitPrice,
              product_data: { name: line.name, metadata: { productId: line.productId } },
            },
          })),
          customer_email: order.customerEmail,
          client_reference_id: order.id,
          metadata: { orderId: order.id },
          payment_intent_data: { metadata: { orderId: order.id } },
          success_url: withSessionIdPlaceholder(urls.successUrl),
          cancel_url: urls.cancelUrl,
        },
        { idempotencyKey: `checkout-${order.id}` },
      ),
    );
    if (!session.url)
      throw new PaymentProviderError('stripe', 'Stripe did not return a checkout page for the order.');
    if (session.amount_total !== null && session.amount_total !== order.total) {
      throw new PaymentProviderError(
        'stripe',
        `Stripe priced the checkout at ${session.amount_total} cents instead of ${order.total}.`,
      );
    }
    return {
      providerSessionId: session.id,
      url: session.url,
      links: [{ rel: 'approve', href: session.url, method: 'GET' }],
    };
  }

  async getPaymentStatus(providerSessionId: string): Promise<ProviderPaymentStatus> {
    const session = await this.call('read the checkout session', () =>
      this.stripe.checkout.sessions.retrieve(providerSessionId, { expand: ['line_items', 'payment_intent'] }),
    );
    return toPaymentStatus(session);
  }

  /** Stripe Checkout captures by itself: capturing is reading the session. */
  capture(providerSessionId: string): Promise<ProviderPaymentStatus> {
    return this.getPaymentStatus(providerSessionId);
  }

  async verifyWebhook(
    rawBody: Buffer,
    headers: Record<string, string | undefined>,
  ): Promise<VerifiedWebhook> {
    const signature = headers['stripe-signature'];
    if (!signature) throw new WebhookVerificationError('The Stripe-Signature header is missing.');
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(
        rawBody,
        signature,
        this.webhookSecret,
        STRIPE_WEBHOOK_TOLERANCE_SECONDS,
        undefined,
        this.clock.now().getTime(),
      );
    } catch (error) {
      throw new WebhookVerificationError(`The Stripe webhook signature does not verify: ${messageOf(error)}`);
    }
    return toVerifiedWebhook(event);
  }

  async refund(payment: {
    orderId: string;
    providerPaymentId: string;
    amount: number;
  }): Promise<{ refundId: string }> {
    try {
      const refund = await this.stripe.refunds.create(
        {
          payment_intent: payment.providerPaymentId,
          amount: payment.amount,
          metadata: { orderId: payment.orderId },
        },
        { idempotencyKey: `refund-${payment.orderId}` },
      );
      if (refund.status === 'failed' || refund.status === 'canceled') {
        throw new PaymentProviderError(
          'stripe',
          `Stripe could not refund the payment (refund ${refund.status}).`,
        );
      }
      return { refundId: refund.id };
    } catch (error) {
      // Stripe forgets idempotency keys after 24 hours; a later retry finds the refund already made.
      if (error instanceof Stripe.errors.StripeError && error.code === 'charge_already_refunded') {
        const refunds = await this.call('list the refunds', () =>
          this.stripe.refunds.list({ payment_intent: payment.providerPaymentId, limit: 10 }),
        );
        const made = refunds.data.find(
          (refund) => refund.status !== 'failed' && refund.status !== 'canceled',
        );
        if (made) return { refundId: made.id };
      }
      throw toProviderError('refund the payment', error);
    }
  }

  private async call<T>(action: string, request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (error) {
      throw toProviderError(action, error);
    }
  }
}

function apiBaseOptions(
  apiBase: string | undefined,
): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (!apiBase) return {};
  const url = new URL(apiBase);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol };
}

/** Appends `session_id={CHECKOUT_SESSION_ID}` unencoded: Stripe substitutes only the literal braces. */
export function withSessionIdPlaceholder(successUrl: string): string {
  const separator = successUrl.includes('?') ? '&' : '?';
  return `${successUrl}${separator}session_id=${SESSION_ID_PLACEHOLDER}`;
}

function toPaymentStatus(session: CheckoutSession): ProviderPaymentStatus {
  const paymentIntent = session.payment_intent;
  const intentId = typeof paymentIntent === 'string' ? paymentIntent : (paymentIntent?.id ?? null);
  return {
    providerSessionId: session.id,
    status: statusOf(session),
    amountTotal: session.amount_total ?? null,
    currency: session.currency ? session.currency.toUpperCase() : null,
    providerPaymentId: intentId,
  };
}

function statusOf(session: CheckoutSession): ProviderPaymentStatus['status'] {
  if (session.payment_status === 'paid' || session.payment_status === 'no_payment_required') return 'paid';
  if (session.status === 'expired') return 'failed';
  // A completed session still unpaid is a delayed payment method (bank debit): it fails when its payment
  // intent goes back to asking for a payment method or is cancelled; until then it is pending.
  const paymentIntent = session.payment_intent;
  if (session.status === 'complete' && paymentIntent && typeof paymentIntent !== 'string') {
    if (paymentIntent.status === 'requires_payment_method' || paymentIntent.status === 'canceled')
      return 'failed';
  }
  return 'pending';
}

function toVerifiedWebhook(event: Stripe.Event): VerifiedWebhook {
  switch (event.type) {
    case 'checkout.session.completed':
      // Completed with a delayed payment method is not paid yet: async_payment_succeeded follows.
      return {
        eventId: event.id,
        kind: event.data.object.payment_status === 'unpaid' ? 'ignored' : 'paid',
        providerSessionId: event.data.object.id,
      };
    case 'checkout.session.async_payment_succeeded':
      return { eventId: event.id, kind: 'paid', providerSessionId: event.data.object.id };
    case 'checkout.session.async_payment_failed':
    case 'checkout.session.expired':
      return { eventId: event.id, kind: 'failed', providerSessionId: event.data.object.id };
    default:
      return { eventId: event.id, kind: 'ignored', providerSessionId: null };
  }
}

/** Stripe's messages name the problem without secrets; network and key problems get our own words. */
function toProviderError(action: string, error: unknown): PaymentProviderError {
  if (error instanceof PaymentProviderError) return error;
  if (error instanceof Stripe.errors.StripeConnectionError) {
    return new PaymentProviderError('stripe', `Could not reach Stripe to ${action}.`);
  }
  if (error instanceof Stripe.errors.StripeAuthenticationError) {
    return new PaymentProviderError('stripe', `Stripe refused our API key when asked to ${action}.`, 401);
  }
  if (error instanceof Stripe.errors.StripeError) {
    const status = error.statusCode ?? null;
    return new PaymentProviderError(
      'stripe',
      `Stripe could not ${action}: ${error.message}`,
      status,
      error.code ?? error.type ?? null,
    );
  }
  return new PaymentProviderError('stripe', `Stripe could not ${action}: ${messageOf(error)}`);
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
