/**
 * PayPal Orders v2 behind the PaymentProvider interface. The buyer approves on PayPal's page; the money
 * moves only when we capture, and an order counts as paid only when its capture is COMPLETED.
 * `PayPal-Request-Id` derived from our order id makes create, capture and refund safe to repeat.
 */
import type { Clock } from '@platform/service-kit/clock';
import { systemClock } from '@platform/service-kit/clock';
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
import { PaypalClient } from './paypal-client.js';
import {
  PaypalCaptureSchema,
  PaypalOrderSchema,
  PaypalRefundEventResourceSchema,
  PaypalRefundSchema,
  PaypalVerifyAnswerSchema,
  PaypalWebhookEventSchema,
  type PaypalOrder,
} from './paypal-schemas.js';

/** A webhook whose transmission time is further than this from our clock is refused (replays). */
export const PAYPAL_WEBHOOK_TOLERANCE_SECONDS = 300;

export interface PaypalProviderOptions {
  clientId: string;
  clientSecret: string;
  /** The id PayPal gave our webhook endpoint; verify-webhook-signature checks events against it. */
  webhookId: string;
  apiBase: string;
  clock?: Clock;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

const TRANSMISSION_HEADERS = [
  'paypal-transmission-id',
  'paypal-transmission-time',
  'paypal-transmission-sig',
  'paypal-cert-url',
  'paypal-auth-algo',
] as const;

export class PaypalProvider implements PaymentProvider {
  readonly name = 'paypal' as const;
  private readonly client: PaypalClient;
  private readonly clock: Clock;
  private readonly webhookId: string;

  constructor(options: PaypalProviderOptions) {
    this.clock = options.clock ?? systemClock;
    this.webhookId = options.webhookId;
    this.client = new PaypalClient({
      clientId: options.clientId,
      clientSecret: options.clientSecret,
      apiBase: options.apiBase,
      clock: this.clock,
      fetch: options.fetch,
      timeoutMs: options.timeoutMs,
    });
  }

  /**
   * Creates the PayPal order. PayPal sends the buyer back to `successUrl` with `token=<PayPal order id>`
   * and `PayerID` appended (it has no placeholder like Stripe's), and to `cancelUrl` with `token`.
   */
  async createCheckout(order: CheckoutOrder, urls: CheckoutUrls): Promise<CreatedCheckout> {
    const itemTotal = order.lines.reduce((sum, line) => sum + line.unitPrice * line.quantity, 0);
    const discount = order.discount?.amount ?? 0;
    if (itemTotal - discount !== order.total)
      throw new Error(`Order ${order.id}: total ${order.total} ≠ lines ${itemTotal} less ${discount}`);
    const money = (cents: number) => ({ currency_code: order.currency, value: centsToPaypalValue(cents) });
    const created = await this.client.request(
      {
        method: 'POST',
        path: '/v2/checkout/orders',
        requestId: `checkout-${order.id}`,
        action: 'create the order',
        body: {
          intent: 'CAPTURE',
          purchase_units: [
            {
              reference_id: order.id,
              custom_id: order.id,
              invoice_id: order.id,
              amount: {
                ...money(order.total),
                breakdown: {
                  item_total: money(itemTotal),
                  ...(discount > 0 ? { discount: money(discount) } : {}),
                },
              },
              items: order.lines.map((line) => ({
                name: line.name.slice(0, 127),
                sku: line.productId.slice(0, 127),
                quantity: String(line.quantity),
                unit_amount: money(line.unitPrice),
              })),
            },
          ],
          payment_source: {
            paypal: {
              experience_context: {
                return_url: urls.successUrl,
                cancel_url: urls.cancelUrl,
                user_action: 'PAY_NOW',
                shipping_preference: 'NO_SHIPPING',
              },
            },
          },
        },
      },
      PaypalOrderSchema,
    );
    const links = created.links.map(({ rel, href, method }) => ({
      rel,
      href,
      ...(method ? { method } : {}),
    }));
    // With payment_source.paypal PayPal names the buyer's page 'payer-action'; the browser looks for 'approve'.
    const approve =
      links.find((link) => link.rel === 'approve') ?? links.find((link) => link.rel === 'payer-action');
    if (!approve)
      throw new PaymentProviderError('paypal', 'PayPal did not return an approval link for the order.');
    if (!links.some((link) => link.rel === 'approve'))
      links.push({ rel: 'approve', href: approve.href, method: 'GET' });
    return { providerSessionId: created.id, url: approve.href, links };
  }

  async getPaymentStatus(providerSessionId: string): Promise<ProviderPaymentStatus> {
    return toPaymentStatus(await this.readOrder(providerSessionId));
  }

  /** Captures an approved order (once, whoever asks first); answers what PayPal says about the money. */
  async capture(providerSessionId: string, orderId: string): Promise<ProviderPaymentStatus> {
    let order: PaypalOrder;
    try {
      order = await this.client.request(
        {
          method: 'POST',
          path: `/v2/checkout/orders/${encodeURIComponent(providerSessionId)}/capture`,
          requestId: `capture-${orderId}`,
          action: 'capture the payment',
          body: {},
        },
        PaypalOrderSchema,
      );
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error;
      switch (error.upstreamCode) {
        case 'ORDER_ALREADY_CAPTURED':
        case 'ORDER_NOT_APPROVED':
          // Captured before (by the webhook path or an earlier return), or the buyer has not approved yet.
          order = await this.readOrder(providerSessionId);
          break;
        case 'INSTRUMENT_DECLINED':
          return {
            providerSessionId,
            status: 'failed',
            amountTotal: null,
            currency: null,
            providerPaymentId: null,
          };
        default:
          throw error;
      }
    }
    const customId = order.purchase_units[0]?.custom_id;
    if (customId !== undefined && customId !== orderId) {
      throw new PaymentProviderError('paypal', `PayPal order ${providerSessionId} belongs to another order.`);
    }
    return toPaymentStatus(order);
  }

  async verifyWebhook(
    rawBody: Buffer,
    headers: Record<string, string | undefined>,
  ): Promise<VerifiedWebhook> {
    const lower = Object.fromEntries(
      Object.entries(headers).map(([key, value]) => [key.toLowerCase(), value]),
    );
    const transmission: Partial<Record<(typeof TRANSMISSION_HEADERS)[number], string>> = {};
    for (const name of TRANSMISSION_HEADERS) {
      const value = lower[name]?.trim();
      if (!value) throw new WebhookVerificationError(`The ${name} header is missing.`);
      transmission[name] = value;
    }
    const sentAt = Date.parse(transmission['paypal-transmission-time'] ?? '');
    if (Number.isNaN(sentAt))
      throw new WebhookVerificationError('The PayPal transmission time is not a date.');
    const skewSeconds = Math.abs(this.clock.now().getTime() - sentAt) / 1000;
    if (skewSeconds > PAYPAL_WEBHOOK_TOLERANCE_SECONDS) {
      throw new WebhookVerificationError(
        `The PayPal webhook was sent ${Math.round(skewSeconds)} s from now, outside the ${PAYPAL_WEBHOOK_TOLERANCE_SECONDS} s tolerance.`,
      );
    }

    const text = rawBody.toString('utf8');
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new WebhookVerificationError('The PayPal webhook body is not JSON.');
    }
    const event = PaypalWebhookEventSchema.safeParse(json);
    if (!event.success) throw new WebhookVerificationError('The PayPal webhook body is not a webhook event.');

    // PayPal signs the bytes it sent: embed them as they are rather than a re-serialised copy.
    const verifyBody =
      `{"transmission_id":${JSON.stringify(transmission['paypal-transmission-id'])},` +
      `"transmission_time":${JSON.stringify(transmission['paypal-transmission-time'])},` +
      `"cert_url":${JSON.stringify(transmission['paypal-cert-url'])},` +
      `"auth_algo":${JSON.stringify(transmission['paypal-auth-algo'])},` +
      `"transmission_sig":${JSON.stringify(transmission['paypal-transmission-sig'])},` +
      `"webhook_id":${JSON.stringify(this.webhookId)},` +
      `"webhook_event":${text.trim()}}`;
    const answer = await this.client.request(
      {
        method: 'POST',
        path: '/v1/notifications/verify-webhook-signature',
        rawJsonBody: verifyBody,
        action: 'verify the webhook signature',
      },
      PaypalVerifyAnswerSchema,
    );
    if (answer.verification_status !== 'SUCCESS') {
      throw new WebhookVerificationError(
        `PayPal did not verify the webhook (${answer.verification_status}).`,
      );
    }
    if (event.data.event_type === 'PAYMENT.CAPTURE.REFUNDED') return this.toRefundWebhook(event.data);
    return toVerifiedWebhook(event.data);
  }

  async refund(payment: {
    orderId: string;
    providerPaymentId: string;
    amount: number;
  }): Promise<{ refundId: string }> {
    const captureId = encodeURIComponent(payment.providerPaymentId);
    try {
      const refund = await this.client.request(
        {
          method: 'POST',
          path: `/v2/payments/captures/${captureId}/refund`,
          requestId: `refund-${payment.orderId}`,
          action: 'refund the payment',
          body: { amount: { currency_code: 'USD', value: centsToPaypalValue(payment.amount) } },
        },
        PaypalRefundSchema,
      );
      if (refund.status === 'CANCELLED' || refund.status === 'FAILED') {
        throw new PaymentProviderError(
          'paypal',
          `PayPal could not refund the payment (refund ${refund.status}).`,
        );
      }
      return { refundId: refund.id };
    } catch (error) {
      // PayPal keeps request ids for a limited time; a later retry finds the capture refunded already.
      if (error instanceof PaymentProviderError && error.upstreamCode === 'CAPTURE_FULLY_REFUNDED') {
        const existing = await this.findRefund(captureId);
        if (existing) return { refundId: existing };
      }
      throw error;
    }
  }

  /**
   * PAYMENT.CAPTURE.REFUNDED follows every refund of a capture, the site's own and those made on PayPal's
   * site; it carries the refund, not the capture. The capture (the refund's `up` link) is read to learn
   * whether it is refunded in full (`REFUNDED`) or in part (`PARTIALLY_REFUNDED`), and whose it is.
   */
  private async toRefundWebhook(event: { id: string; resource?: unknown }): Promise<VerifiedWebhook> {
    const ignored: VerifiedWebhook = { eventId: event.id, kind: 'ignored', providerSessionId: null };
    const refund = PaypalRefundEventResourceSchema.safeParse(event.resource);
    if (!refund.success) return ignored;
    const up = refund.data.links.find((link) => link.rel === 'up')?.href ?? '';
    const captureId = /\/v2\/payments\/captures\/([^/?#]+)$/.exec(up)?.[1];
    if (!captureId) return ignored;
    const capture = await this.client.request(
      {
        method: 'GET',
        path: `/v2/payments/captures/${encodeURIComponent(captureId)}`,
        action: 'read the refunded payment',
      },
      PaypalCaptureSchema,
    );
    const full = capture.status === 'REFUNDED';
    if (!full && capture.status !== 'PARTIALLY_REFUNDED') return ignored;
    const refunded =
      refund.data.seller_payable_breakdown?.total_refunded_amount ??
      (full ? capture.amount : refund.data.amount);
    if (!refunded) return ignored;
    return {
      eventId: event.id,
      kind: 'refunded',
      providerSessionId: null,
      refund: {
        providerPaymentId: capture.id,
        orderId: capture.custom_id ?? null,
        amountRefunded: paypalValueToCents(refunded.value),
        full,
        refundId: refund.data.id,
      },
    };
  }

  private readOrder(providerSessionId: string): Promise<PaypalOrder> {
    return this.client.request(
      {
        method: 'GET',
        path: `/v2/checkout/orders/${encodeURIComponent(providerSessionId)}`,
        action: 'read the order',
      },
      PaypalOrderSchema,
    );
  }

  private async findRefund(captureId: string): Promise<string | null> {
    const capture = await this.client.request(
      { method: 'GET', path: `/v2/payments/captures/${captureId}`, action: 'read the payment' },
      PaypalCaptureSchema,
    );
    const paypalOrderId = capture.supplementary_data?.related_ids?.order_id;
    if (!paypalOrderId) return null;
    const order = await this.readOrder(paypalOrderId);
    const refunds = order.purchase_units.flatMap((unit) => unit.payments?.refunds ?? []);
    return refunds.find((refund) => refund.status !== 'CANCELLED' && refund.status !== 'FAILED')?.id ?? null;
  }
}

function toPaymentStatus(order: PaypalOrder): ProviderPaymentStatus {
  const unit = order.purchase_units[0];
  const capture = unit?.payments?.captures?.[0];
  const amount = capture?.amount ?? unit?.amount;
  return {
    providerSessionId: order.id,
    status: statusOf(order.status, capture?.status),
    amountTotal: amount ? paypalValueToCents(amount.value) : null,
    currency: amount ? amount.currency_code.toUpperCase() : null,
    providerPaymentId: capture?.id ?? null,
  };
}

function statusOf(orderStatus: string, captureStatus: string | undefined): ProviderPaymentStatus['status'] {
  if (orderStatus === 'VOIDED') return 'failed';
  switch (captureStatus) {
    case 'COMPLETED':
      return 'paid';
    case 'DECLINED':
    case 'FAILED':
      return 'failed';
    // Refunded outside our refund flow: the money is back with the buyer, so nothing may be fulfilled.
    case 'REFUNDED':
    case 'PARTIALLY_REFUNDED':
      return 'failed';
    default:
      // No capture yet (CREATED, APPROVED, PAYER_ACTION_REQUIRED, SAVED) or a PENDING capture.
      return 'pending';
  }
}

/**
 * PAYMENT.CAPTURE.COMPLETED is the money; CHECKOUT.ORDER.APPROVED is only the buyer's consent and is
 * ignored here: the return page captures it, and the reconciliation job captures orders whose buyer never
 * came back (capture() of an unapproved order answers pending).
 */
function toVerifiedWebhook(event: {
  id: string;
  event_type: string;
  resource?: Record<string, unknown>;
}): VerifiedWebhook {
  const paypalOrderId = () => {
    const capture = PaypalCaptureSchema.safeParse(event.resource);
    return capture.success ? (capture.data.supplementary_data?.related_ids?.order_id ?? null) : null;
  };
  switch (event.event_type) {
    case 'PAYMENT.CAPTURE.COMPLETED':
      return { eventId: event.id, kind: 'paid', providerSessionId: paypalOrderId() };
    case 'PAYMENT.CAPTURE.DENIED':
      return { eventId: event.id, kind: 'failed', providerSessionId: paypalOrderId() };
    default:
      return { eventId: event.id, kind: 'ignored', providerSessionId: null };
  }
}

/** 69700 → "697.00": PayPal wants a decimal string, and floats never touch money. */
export function centsToPaypalValue(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new Error(`Not an amount in cents: ${cents}`);
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** "697.00" → 69700; PayPal's USD values have at most two decimals. */
export function paypalValueToCents(value: string): number {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(value.trim());
  if (!match) throw new PaymentProviderError('paypal', `PayPal sent an amount we cannot read: ${value}`);
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}
