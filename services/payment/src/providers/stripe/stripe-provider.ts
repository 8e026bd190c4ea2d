/**
 * Stripe Checkout behind the PaymentProvider interface, through the official `stripe` SDK. Every write
 * carries an idempotency key derived from our order id, so a retried request (ours or the SDK's) can never
 * open a second session or refund twice.
 */
import type { Clock } from '@platform/service-kit/clock';
import { systemClock } from '@platform/service-kit/clock';
import { withTraceHeaders } from '@platform/service-kit/runtime';
import { instalmentLine } from '@platform/contracts';
import Stripe from 'stripe';
import {
  PaymentProviderError,
  WebhookVerificationError,
  type CheckoutOrder,
  type CheckoutUrls,
  type CreatedCheckout,
  type KeptCard,
  type PaymentProvider,
  type ProviderPaymentStatus,
  type SubscriptionSupport,
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
      // Each call continues the trace of the request that made it (docs/decisions.md, 82).
      httpClient: Stripe.createFetchHttpClient(withTraceHeaders()),
      appInfo: { name: 'restaurant-consultant-payment' },
    });
    this.webhookSecret = options.webhookSecret;
    this.clock = options.clock ?? systemClock;
  }

  /** Recurring products (the membership plans) are sold as Stripe subscriptions. */
  readonly subscriptions: SubscriptionSupport = {
    refundAndCancel: (subscription) => this.refundAndCancel(subscription),
    setCancelAtPeriodEnd: async ({ subscriptionId, cancel }) => {
      await this.call(
        cancel ? 'cancel the subscription’s renewal' : 'resume the subscription’s renewal',
        () => this.stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: cancel }),
      );
    },
    // Since API version 2025-03-31 neither a charge nor a payment intent names its invoice; the invoice's
    // payments are listed by payment intent.
    invoiceOfPayment: async (paymentIntentId) => {
      const payments = await this.call('find the invoice of a payment', () =>
        this.stripe.invoicePayments.list({
          payment: { type: 'payment_intent', payment_intent: paymentIntentId },
          limit: 1,
        }),
      );
      const invoice = payments.data[0]?.invoice;
      return typeof invoice === 'string' ? invoice : (invoice?.id ?? null);
    },
  };

  async createCheckout(order: CheckoutOrder, urls: CheckoutUrls): Promise<CreatedCheckout> {
    const recurring = order.lines.filter((line) => line.recurring);
    if (recurring.length > 0 && (order.lines.length > 1 || recurring[0]!.quantity !== 1)) {
      throw new PaymentProviderError(
        'stripe',
        'A Stripe subscription checkout takes one recurring product and nothing else.',
      );
    }
    const subscription = recurring.length > 0;
    const discount = order.discount;
    // A coupon reaches Stripe's page as a one-time coupon of its exact amount for this order alone.
    const stripeCoupon = discount
      ? await this.call('create the coupon', () =>
          this.stripe.coupons.create(
            {
              amount_off: discount.amount,
              currency: order.currency.toLowerCase(),
              duration: 'once',
              max_redemptions: 1,
              name: discount.label.slice(0, 40),
              metadata: { orderId: order.id, code: discount.code },
            },
            { idempotencyKey: `coupon-${order.id}` },
          ),
        )
      : null;
    const plan = order.planInstalment;
    // A plan's first instalment is one line of that instalment's amount; the order's lines keep the price.
    const lines = plan ? order.lines.map((line) => instalmentLine(line, plan, order.total)) : order.lines;
    const params: Stripe.Checkout.SessionCreateParams = {
      mode: subscription ? 'subscription' : 'payment',
      line_items: lines.map((line) => ({
        quantity: line.quantity,
        price_data: {
          currency: order.currency.toLowerCase(),
          unit_amount: line.unitPrice,
          product_data: { name: line.name, metadata: { productId: line.productId } },
          ...(line.recurring
            ? {
                recurring: {
                  interval: line.recurring.interval,
                  interval_count: line.recurring.intervalCount,
                },
              }
            : {}),
        },
      })),
      customer_email: order.customerEmail,
      client_reference_id: order.id,
      metadata: { orderId: order.id },
      ...(stripeCoupon ? { discounts: [{ coupon: stripeCoupon.id }] } : {}),
      // A plan's card is kept on a customer of its own for the later instalments, charged off-session.
      ...(plan ? { customer_creation: 'always' as const } : {}),
      // Subscription mode takes no payment intent data: the subscription carries the order id instead.
      ...(subscription
        ? { subscription_data: { metadata: { orderId: order.id } } }
        : {
            payment_intent_data: {
              metadata: { orderId: order.id },
              ...(plan ? { setup_future_usage: 'off_session' as const } : {}),
            },
          }),
      success_url: withSessionIdPlaceholder(urls.successUrl),
      cancel_url: urls.cancelUrl,
    };
    const session = await this.call('create the checkout session', () =>
      this.stripe.checkout.sessions.create(params, { idempotencyKey: `checkout-${order.id}` }),
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
      this.stripe.checkout.sessions.retrieve(providerSessionId, {
        expand: ['line_items', 'payment_intent', 'payment_intent.payment_method'],
      }),
    );
    return toPaymentStatus(session);
  }

  /** Stripe Checkout captures by itself: capturing is reading the session. */
  capture(providerSessionId: string): Promise<ProviderPaymentStatus> {
    return this.getPaymentStatus(providerSessionId);
  }

  /**
   * Expires the session while it is open (Stripe's page then refuses to take a payment). Stripe refuses to
   * expire one that completed meanwhile, so whatever the expiry answered, the session read again says how
   * it ended (still `pending` if it could not be expired).
   */
  async closeCheckout(providerSessionId: string): Promise<ProviderPaymentStatus> {
    const before = await this.getPaymentStatus(providerSessionId);
    if (before.status !== 'pending') return before;
    await this.stripe.checkout.sessions.expire(providerSessionId).catch(() => undefined);
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
    return this.refundPayment(payment.orderId, { payment_intent: payment.providerPaymentId }, payment.amount);
  }

  /**
   * A subscription order's refund: the latest paid invoice's payment is refunded (in API versions since
   * 2025-03-31 an invoice has no `payment_intent`; its payments are listed as InvoicePayments), then the
   * subscription is cancelled, unless Stripe already ended it. Both writes carry idempotency keys per
   * order, so a retry after a failure half-way refunds nothing twice.
   */
  private async refundAndCancel({
    orderId,
    subscriptionId,
  }: {
    orderId: string;
    subscriptionId: string;
  }): Promise<{ refundId: string; amount: number }> {
    const invoices = await this.call('list the subscription’s invoices', () =>
      this.stripe.invoices.list({ subscription: subscriptionId, status: 'paid', limit: 1 }),
    );
    const invoice = invoices.data[0];
    if (!invoice) {
      throw new PaymentProviderError(
        'stripe',
        `Stripe has no paid invoice for subscription ${subscriptionId}.`,
      );
    }
    const payments = await this.call('list the invoice’s payments', () =>
      this.stripe.invoicePayments.list({ invoice: invoice.id, status: 'paid', limit: 10 }),
    );
    const target = payments.data.map((entry) => refundTargetOf(entry.payment)).find(Boolean);
    if (!target) {
      throw new PaymentProviderError('stripe', `Stripe has no refundable payment for invoice ${invoice.id}.`);
    }
    const { refundId } = await this.refundPayment(orderId, target, invoice.amount_paid);

    const current = await this.call('read the subscription', () =>
      this.stripe.subscriptions.retrieve(subscriptionId),
    );
    if (current.status !== 'canceled' && current.status !== 'incomplete_expired') {
      await this.call('cancel the subscription', () =>
        this.stripe.subscriptions.cancel(subscriptionId, {}, { idempotencyKey: `cancel-${orderId}` }),
      );
    }
    return { refundId, amount: invoice.amount_paid };
  }

  private refundPayment(
    orderId: string,
    target: RefundTarget,
    amount: number,
  ): Promise<{ refundId: string }> {
    return refundStripePayment(this.stripe, target, {
      amount,
      metadata: { orderId },
      idempotencyKey: `refund-${orderId}`,
    });
  }

  private async call<T>(action: string, request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (error) {
      throw toProviderError(action, error);
    }
  }
}

type RefundTarget = { payment_intent: string } | { charge: string };

/**
 * Refunds one payment (in full, or `amount`) under an idempotency key, so a repeated request refunds it
 * once. Stripe forgets the key after 24 hours: a later repeat is answered `charge_already_refunded`, and
 * the refund already made is the answer. The orders' refunds and the card vault's share it.
 */
export async function refundStripePayment(
  stripe: Stripe,
  target: RefundTarget,
  {
    idempotencyKey,
    ...params
  }: { idempotencyKey: string; amount?: number; metadata?: Record<string, string> },
): Promise<{ refundId: string }> {
  try {
    const refund = await stripe.refunds.create({ ...target, ...params }, { idempotencyKey });
    if (refund.status === 'failed' || refund.status === 'canceled') {
      throw new PaymentProviderError(
        'stripe',
        `Stripe could not refund the payment (refund ${refund.status}).`,
      );
    }
    return { refundId: refund.id };
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError && error.code === 'charge_already_refunded') {
      const refunds = await stripe.refunds.list({ ...target, limit: 10 }).catch((listing: unknown) => {
        throw toProviderError('list the refunds', listing);
      });
      const made = refunds.data.find((refund) => refund.status !== 'failed' && refund.status !== 'canceled');
      if (made) return { refundId: made.id };
    }
    throw toProviderError('refund the payment', error);
  }
}

/** What to refund for one of an invoice's payments: its payment intent, else its charge. */
function refundTargetOf(payment: Stripe.InvoicePayment.Payment): RefundTarget | null {
  const idOf = (value: string | { id: string } | undefined) =>
    typeof value === 'string' ? value : (value?.id ?? null);
  const intent = idOf(payment.payment_intent);
  if (intent) return { payment_intent: intent };
  const charge = idOf(payment.charge);
  return charge ? { charge } : null;
}

export function apiBaseOptions(
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
  const idOf = (value: string | { id?: string } | null | undefined) =>
    typeof value === 'string' ? value : (value?.id ?? null);
  const status: ProviderPaymentStatus = {
    providerSessionId: session.id,
    status: statusOf(session),
    amountTotal: session.amount_total ?? null,
    currency: session.currency ? session.currency.toUpperCase() : null,
    providerPaymentId: idOf(session.payment_intent),
  };
  const keptCard = session.mode === 'payment' ? keptCardOf(session) : null;
  if (keptCard) return { ...status, keptCard };
  if (session.mode !== 'subscription') return status;
  // A subscription's first payment is its first invoice; refunds go against the latest paid one.
  return {
    ...status,
    providerPaymentId: idOf(session.invoice),
    providerSubscriptionId: idOf(session.subscription),
  };
}

/**
 * The card a payment-mode session kept for off-session use: its payment intent was set up for future
 * off-session payments and Stripe attached the card to the session's customer. Null otherwise.
 */
function keptCardOf(session: CheckoutSession): KeptCard | null {
  const intent = session.payment_intent;
  const customer = typeof session.customer === 'string' ? session.customer : session.customer?.id;
  if (!intent || typeof intent === 'string' || intent.setup_future_usage !== 'off_session' || !customer)
    return null;
  return cardOnFile(customer, intent.payment_method);
}

/** A customer's card as we keep it on file; null when Stripe gave no card payment method. */
export function cardOnFile(
  customer: string,
  method: string | Stripe.PaymentMethod | null | undefined,
): KeptCard | null {
  if (!method || typeof method === 'string' || !method.card) return null;
  return {
    providerCustomerId: customer,
    providerPaymentMethodId: method.id,
    brand: brandName(method.card.brand),
    last4: method.card.last4,
    expMonth: method.card.exp_month,
    expYear: method.card.exp_year,
  };
}

/** 'visa' → 'Visa', 'amex' → 'American Express'. */
function brandName(brand: string): string {
  const names: Record<string, string> = {
    amex: 'American Express',
    mastercard: 'Mastercard',
    diners: 'Diners Club',
  };
  return names[brand] ?? brand.charAt(0).toUpperCase() + brand.slice(1);
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
    case 'invoice.paid':
      return toRenewalWebhook(event.id, event.data.object, event.created);
    case 'customer.subscription.deleted': {
      const subscription = event.data.object;
      const orderId = subscription.metadata?.orderId;
      return {
        eventId: event.id,
        kind: 'subscription-ended',
        providerSessionId: null,
        subscriptionEnd: {
          subscriptionId: subscription.id,
          orderId: orderId ? orderId : null,
          endedAt: fromUnix(subscription.ended_at ?? subscription.canceled_at ?? event.created),
          reason: subscription.cancellation_details?.reason ?? null,
        },
      };
    }
    case 'charge.refunded':
      return toRefundWebhook(event.id, event.data.object);
    default:
      return { eventId: event.id, kind: 'ignored', providerSessionId: null };
  }
}

/**
 * `charge.refunded` follows every refund of a charge, the site's own and those made in Stripe's dashboard;
 * `amount_refunded` is all refunded so far. The payment is the charge's payment intent (a charge without
 * one is not a checkout's); a checkout's payment intent passes the order id on in its metadata.
 */
function toRefundWebhook(eventId: string, charge: Stripe.Charge): VerifiedWebhook {
  const intent = charge.payment_intent;
  const providerPaymentId = typeof intent === 'string' ? intent : (intent?.id ?? null);
  if (!providerPaymentId) return { eventId, kind: 'ignored', providerSessionId: null };
  const orderId = charge.metadata?.orderId;
  return {
    eventId,
    kind: 'refunded',
    providerSessionId: null,
    refund: {
      providerPaymentId,
      orderId: orderId ? orderId : null,
      amountRefunded: charge.amount_refunded,
      full: charge.amount_refunded >= charge.amount,
      refundId: charge.refunds?.data?.[0]?.id ?? null,
    },
  };
}

/**
 * `invoice.paid` of a later cycle is a renewal. The first invoice (`subscription_create`) is the checkout's
 * payment, fulfilled through `checkout.session.completed`; an invoice of no subscription is not ours.
 * In API versions since 2025-03-31 the subscription is under `parent.subscription_details`, with the
 * subscription's metadata (our order id) as it stood when the invoice was made.
 */
function toRenewalWebhook(eventId: string, invoice: Stripe.Invoice, created: number): VerifiedWebhook {
  const parent = invoice.parent?.subscription_details?.subscription;
  const subscriptionId = typeof parent === 'string' ? parent : (parent?.id ?? null);
  if (!subscriptionId || invoice.billing_reason === 'subscription_create') {
    return { eventId, kind: 'ignored', providerSessionId: null };
  }
  const period = invoice.lines?.data?.[0]?.period;
  const orderId = invoice.parent?.subscription_details?.metadata?.orderId;
  return {
    eventId,
    kind: 'renewal-paid',
    providerSessionId: null,
    renewal: {
      subscriptionId,
      orderId: orderId ? orderId : null,
      invoiceId: invoice.id,
      amount: invoice.amount_paid,
      currency: (invoice.currency ?? '').toUpperCase(),
      periodStart: period ? fromUnix(period.start) : null,
      periodEnd: period ? fromUnix(period.end) : null,
      paidAt: fromUnix(invoice.status_transitions?.paid_at ?? created),
    },
  };
}

function fromUnix(seconds: number): Date {
  return new Date(seconds * 1000);
}

/** Stripe's messages name the problem without secrets; network and key problems get our own words. */
export function toProviderError(action: string, error: unknown): PaymentProviderError {
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
