/**
 * One interface for the three ways money arrives: the built-in test provider (default, no keys), Stripe
 * Checkout and PayPal Orders v2. Routes, fulfilment and reconciliation speak only this interface, so the
 * same code fulfils an order whichever provider took the payment.
 */
import type { OrderLine, PaymentProviderName, PaypalOrderResponse } from '@platform/contracts';
import type { Executor } from '@platform/service-kit/db';
import { AppError } from '@platform/service-kit/errors';

/** How often a recurring line bills (Stripe's `recurring.interval` and `interval_count`). */
export interface RecurringInterval {
  interval: 'month' | 'year';
  intervalCount: number;
}

export interface CheckoutOrderLine extends OrderLine {
  /** Set on a recurring product's line; providers that cannot subscribe take it as one payment. */
  recurring?: RecurringInterval | null;
}

/** What a provider needs to know about an order to take its payment. Amounts in cents. */
export interface CheckoutOrder {
  id: string;
  lines: CheckoutOrderLine[];
  /** What the lines cost less the discount, when a coupon gives one. */
  total: number;
  /** A coupon's discount off the lines (cents), which the provider's page shows and takes off. */
  discount?: { code: string; label: string; amount: number };
  currency: 'USD';
  customerEmail: string;
  customerName: string;
  /**
   * Set when the order is a payment plan's first instalment (`total` is that instalment alone): the
   * provider keeps the card that pays it for the later instalments, charged off-session.
   */
  planInstalment?: { number: number; of: number };
}

/** A card the provider keeps on file for its customer (Stripe's customer and payment method). */
export interface KeptCard {
  providerCustomerId: string;
  providerPaymentMethodId: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

export interface CheckoutUrls {
  /** Where the buyer lands after paying; the provider's session id is appended by the adapter. */
  successUrl: string;
  /** Where the buyer lands after cancelling. */
  cancelUrl: string;
  /**
   * Where the buyer lands after a declined payment, for providers whose page sends them away on a decline
   * (the test provider); none: the checkout's `/checkout?payment=failed`. Stripe keeps the buyer on its page.
   */
  failureUrl?: string;
}

export interface CreatedCheckout {
  /** The provider's id for this checkout (Stripe session id, PayPal order id, test session id). */
  providerSessionId: string;
  /** The hosted page the buyer pays on. */
  url: string;
  /** PayPal-style links (`rel: 'approve'` is the hosted page). */
  links: PaypalOrderResponse['links'];
}

/** What the provider says about a checkout right now; `paid` only when the money is captured. */
export interface ProviderPaymentStatus {
  providerSessionId: string;
  status: 'paid' | 'pending' | 'failed';
  /** Cents the provider collected, when it says. Fulfilment checks it against the order's total. */
  amountTotal: number | null;
  currency: string | null;
  /** The id to refund against (Stripe payment intent, PayPal capture id, test payment id). */
  providerPaymentId: string | null;
  /** The subscription the checkout started (Stripe subscription mode), when it is one. */
  providerSubscriptionId?: string | null;
  /** The card the checkout kept for later off-session charges (a payment plan's), when it kept one. */
  keptCard?: KeptCard | null;
}

/** A later cycle of a subscription was paid (Stripe `invoice.paid` that is not the first invoice). */
export interface SubscriptionRenewal {
  subscriptionId: string;
  /** Our order id, from the subscription's metadata the invoice carries, when it carries one. */
  orderId: string | null;
  invoiceId: string;
  /** Cents collected. */
  amount: number;
  currency: string;
  periodStart: Date | null;
  periodEnd: Date | null;
  paidAt: Date;
}

/** The provider ended a subscription (cancelled, or unpaid at the end). */
export interface SubscriptionEnd {
  subscriptionId: string;
  /** Our order id, from the subscription's metadata, when it carries one. */
  orderId: string | null;
  endedAt: Date;
  /** The provider's reason (`cancellation_requested`, `payment_failed`, …), when it gives one. */
  reason: string | null;
}

/**
 * The provider refunded a payment, in full or in part: the site's own refund, or one made in the
 * provider's dashboard (Stripe `charge.refunded`, PayPal `PAYMENT.CAPTURE.REFUNDED`).
 */
export interface ProviderRefund {
  /** The payment refunded, as `orders.provider_payment_id` holds it (Stripe payment intent, PayPal capture). */
  providerPaymentId: string;
  /** Our order id, when the payment carries one (its metadata or custom id). */
  orderId: string | null;
  /** Cents refunded of the payment so far, all refunds together. */
  amountRefunded: number;
  /** Nothing of the payment is left unrefunded. */
  full: boolean;
  /** The provider's id of the refund, when the event names it. */
  refundId: string | null;
  /**
   * The subscription invoice the payment paid (`SubscriptionSupport.invoiceOfPayment`), looked up when no
   * order names the payment: a subscription's payments are known here by their invoices.
   */
  invoiceId?: string | null;
}

/** A webhook whose signature checked out. `eventId` is unique per provider and de-duplicates replays. */
export interface VerifiedWebhook {
  eventId: string;
  kind: 'paid' | 'failed' | 'ignored' | 'renewal-paid' | 'subscription-ended' | 'refunded';
  providerSessionId: string | null;
  /** With kind `renewal-paid`. */
  renewal?: SubscriptionRenewal;
  /** With kind `subscription-ended`. */
  subscriptionEnd?: SubscriptionEnd;
  /** With kind `refunded`. */
  refund?: ProviderRefund;
}

export class WebhookVerificationError extends Error {
  override name = 'WebhookVerificationError';
}

/**
 * The provider failed, refused or could not be reached. An AppError of type `bad_gateway`, so a route that
 * lets it through answers 502 with its message (which names the provider and its reason, never a secret).
 */
export class PaymentProviderError extends AppError {
  override name = 'PaymentProviderError';

  constructor(
    readonly provider: PaymentProviderName,
    message: string,
    /** The provider's HTTP status, when it answered (404: it does not know the session or payment). */
    readonly upstreamStatus: number | null = null,
    /** The provider's own error code (`resource_missing`, `ORDER_NOT_APPROVED`, …), when it gave one. */
    readonly upstreamCode: string | null = null,
  ) {
    super('bad_gateway', message);
  }
}

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  createCheckout(order: CheckoutOrder, urls: CheckoutUrls): Promise<CreatedCheckout>;
  /** Reads the payment's state from the provider (never from the browser). */
  getPaymentStatus(providerSessionId: string): Promise<ProviderPaymentStatus>;
  /** PayPal captures an approved order; providers that capture by themselves answer getPaymentStatus. */
  capture(providerSessionId: string, orderId: string): Promise<ProviderPaymentStatus>;
  /**
   * Closes a hosted checkout nobody has paid, so that it can no longer be paid (Stripe expires the
   * session), and answers the checkout's state after that: `failed` once closed, `paid` when the buyer paid
   * first, `pending` while a payment started on it may still succeed. The card providers have it (a share's
   * 'Pay now' is closed before its card on file is charged). `within`: the caller's transaction, which the
   * test provider, whose sessions are in this service's own database, writes in.
   */
  closeCheckout?(providerSessionId: string, within?: Executor): Promise<ProviderPaymentStatus>;
  /** Checks the signature (and age) of a webhook on its raw body; throws WebhookVerificationError. */
  verifyWebhook(rawBody: Buffer, headers: Record<string, string | undefined>): Promise<VerifiedWebhook>;
  /** Refunds the whole payment; idempotent per order. */
  refund(payment: {
    orderId: string;
    providerPaymentId: string;
    amount: number;
  }): Promise<{ refundId: string }>;
  /**
   * Providers that sell recurring products as subscriptions (Stripe) have these; the others take a
   * recurring product as one payment for its first period.
   */
  readonly subscriptions?: SubscriptionSupport;
}

export interface SubscriptionSupport {
  /**
   * Refunds the latest paid invoice's payment of the subscription and cancels it; idempotent per order.
   * Answers the cents refunded.
   */
  refundAndCancel(subscription: {
    orderId: string;
    subscriptionId: string;
  }): Promise<{ refundId: string; amount: number }>;
  /**
   * Stops (true) or restores (false) the subscription's renewal at the end of the paid period; setting the
   * value it has already is harmless, so a retry changes nothing more.
   */
  setCancelAtPeriodEnd(subscription: { subscriptionId: string; cancel: boolean }): Promise<void>;
  /** The invoice a payment paid (a subscription's first or later cycle), or null when it paid none. */
  invoiceOfPayment(providerPaymentId: string): Promise<string | null>;
}
