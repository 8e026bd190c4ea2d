/**
 * The PayPal REST calls the adapter makes, answered the way PayPal answers them: OAuth client-credentials
 * tokens, Orders v2 (create, read, capture with its 422 issues), captures and refunds, replays by
 * `PayPal-Request-Id`, and verify-webhook-signature (SUCCESS only for the signature the test "sent").
 */
import type { FakeAnswer, RecordedRequest } from '../../__tests__/recording-server.js';
import { FakeProviderApi } from '../../__tests__/recording-server.js';
import { centsToPaypalValue, paypalValueToCents } from '../paypal-provider.js';

export const PAYPAL_CLIENT_ID = 'paypal-client-id-test';
export const PAYPAL_CLIENT_SECRET = 'paypal-client-secret-test';
export const PAYPAL_WEBHOOK_ID = '1JE4291016473214C';
/** The one transmission signature the fake accepts as PayPal's own. */
export const GOOD_SIGNATURE = 'bXktdmFsaWQtc2lnbmF0dXJl';

interface Money {
  currency_code: string;
  value: string;
}

interface FakeCapture {
  id: string;
  status: string;
  amount: Money;
  custom_id?: string;
  supplementary_data: { related_ids: { order_id: string } };
}

interface FakeOrder {
  id: string;
  intent: string;
  status: string;
  purchase_units: {
    reference_id?: string;
    custom_id?: string;
    invoice_id?: string;
    amount: Money;
    items?: unknown[];
    payments?: { captures?: FakeCapture[]; refunds?: { id: string; status: string; amount: Money }[] };
  }[];
  links: { href: string; rel: string; method: string }[];
}

export class FakePaypalApi extends FakeProviderApi {
  readonly orders = new Map<string, FakeOrder>();
  readonly captures = new Map<string, { capture: FakeCapture; orderId: string }>();
  /** What the next capture's status will be. */
  nextCaptureStatus: 'COMPLETED' | 'PENDING' | 'DECLINED' = 'COMPLETED';
  /** The buyer's card is refused at capture (422 INSTRUMENT_DECLINED). */
  declineInstrument = false;
  tokenLifetimeSeconds = 32_400;
  tokensIssued = 0;
  private readonly validTokens = new Set<string>();

  /** PayPal forgets every token it issued (they expired on its side). */
  expireTokens(): void {
    this.validTokens.clear();
  }

  /** PayPal keeps request ids for a limited time; afterwards a repeated request is a new one. */
  forgetRequestIds(): void {
    this.replays.clear();
  }

  /** The buyer approves the order on PayPal's page. */
  approve(orderId: string): void {
    this.order(orderId).status = 'APPROVED';
  }

  /** The admin refunds `cents` of a capture (what is left of it by default) on PayPal's own site. */
  refundInDashboard(captureId: string, cents?: number): void {
    const found = this.captures.get(captureId);
    if (!found) throw new Error(`no fake PayPal capture ${captureId}`);
    const captured = paypalValueToCents(found.capture.amount.value);
    const left = captured - this.refundedOf(captureId);
    const amount = cents ?? left;
    found.capture.status = amount >= left ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
    const unit = this.order(found.orderId).purchase_units[0]!;
    const refund = {
      id: `2GG27964LP6071${++this.count}`,
      status: 'COMPLETED',
      amount: { currency_code: found.capture.amount.currency_code, value: centsToPaypalValue(amount) },
    };
    unit.payments = { ...unit.payments, refunds: [...(unit.payments?.refunds ?? []), refund] };
  }

  /**
   * The capture's newest refund as PAYMENT.CAPTURE.REFUNDED carries it: the refund, what is refunded of the
   * capture so far, and the capture as its `up` link.
   */
  refundResource(captureId: string): Record<string, unknown> {
    const found = this.captures.get(captureId);
    if (!found) throw new Error(`no fake PayPal capture ${captureId}`);
    const refund = this.order(found.orderId).purchase_units[0]!.payments?.refunds?.at(-1);
    if (!refund) throw new Error(`capture ${captureId} has no refund`);
    const currency = found.capture.amount.currency_code;
    return {
      id: refund.id,
      status: refund.status,
      amount: refund.amount,
      seller_payable_breakdown: {
        total_refunded_amount: {
          currency_code: currency,
          value: centsToPaypalValue(this.refundedOf(captureId)),
        },
      },
      links: [
        { href: `${this.url}/v2/payments/refunds/${refund.id}`, rel: 'self', method: 'GET' },
        { href: `${this.url}/v2/payments/captures/${captureId}`, rel: 'up', method: 'GET' },
      ],
    };
  }

  private refundedOf(captureId: string): number {
    const found = this.captures.get(captureId)!;
    const refunds = this.order(found.orderId).purchase_units[0]!.payments?.refunds ?? [];
    return refunds.reduce((sum, refund) => sum + paypalValueToCents(refund.amount.value), 0);
  }

  order(id: string): FakeOrder {
    const order = this.orders.get(id);
    if (!order) throw new Error(`no fake PayPal order ${id}`);
    return order;
  }

  /** Token calls never take a waiting failure. */
  protected answer(request: RecordedRequest): FakeAnswer {
    if (request.path === '/v1/oauth2/token') return this.issueToken(request);
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (!token || !this.validTokens.has(token)) {
      return {
        status: 401,
        body: { error: 'invalid_token', error_description: 'Token signature verification failed' },
      };
    }
    const failure = this.failures.shift();
    if (failure) return failure;
    const requestId = request.headers['paypal-request-id'];
    const replayKey = typeof requestId === 'string' ? `${request.path} ${requestId}` : null;
    if (replayKey && this.replays.has(replayKey)) {
      const first = this.replays.get(replayKey)!;
      return { ...first, status: first.status === 201 ? 200 : first.status };
    }
    const answer = this.route(request);
    if (replayKey && answer.status < 300) this.replays.set(replayKey, answer);
    return answer;
  }

  private issueToken(request: RecordedRequest): FakeAnswer {
    const expected = `Basic ${Buffer.from(`${PAYPAL_CLIENT_ID}:${PAYPAL_CLIENT_SECRET}`).toString('base64')}`;
    if (request.headers.authorization !== expected) {
      return {
        status: 401,
        body: { error: 'invalid_client', error_description: 'Client Authentication failed' },
      };
    }
    if (new URLSearchParams(request.body).get('grant_type') !== 'client_credentials') {
      return {
        status: 400,
        body: { error: 'unsupported_grant_type', error_description: 'Grant Type is NULL' },
      };
    }
    const token = `A21AA-token-${++this.tokensIssued}`;
    this.validTokens.add(token);
    return {
      status: 200,
      body: {
        scope: 'https://uri.paypal.com/services/payments',
        access_token: token,
        token_type: 'Bearer',
        app_id: 'APP-80W284485P519543T',
        expires_in: this.tokenLifetimeSeconds,
        nonce: 'n',
      },
    };
  }

  private route(request: RecordedRequest): FakeAnswer {
    const body = request.body ? (JSON.parse(request.body) as Record<string, unknown>) : {};
    if (request.method === 'POST' && request.path === '/v2/checkout/orders') return this.createOrder(body);
    let match = /^\/v2\/checkout\/orders\/([^/]+)$/.exec(request.path);
    if (request.method === 'GET' && match) return this.readOrder(match[1]!);
    match = /^\/v2\/checkout\/orders\/([^/]+)\/capture$/.exec(request.path);
    if (request.method === 'POST' && match) return this.capture(match[1]!);
    match = /^\/v2\/payments\/captures\/([^/]+)$/.exec(request.path);
    if (request.method === 'GET' && match) {
      const found = this.captures.get(match[1]!);
      return found ? { status: 200, body: found.capture } : notFound();
    }
    match = /^\/v2\/payments\/captures\/([^/]+)\/refund$/.exec(request.path);
    if (request.method === 'POST' && match) return this.refund(match[1]!, body);
    if (request.method === 'POST' && request.path === '/v1/notifications/verify-webhook-signature')
      return this.verify(body);
    return notFound();
  }

  private createOrder(body: Record<string, unknown>): FakeAnswer {
    const id = `5O190127TN36471${++this.count}T`;
    const units = body.purchase_units as FakeOrder['purchase_units'];
    const order: FakeOrder = {
      id,
      intent: String(body.intent),
      status: 'PAYER_ACTION_REQUIRED',
      purchase_units: units.map((unit) => ({ ...unit })),
      links: [
        { href: `${this.url}/v2/checkout/orders/${id}`, rel: 'self', method: 'GET' },
        {
          href: `https://www.sandbox.paypal.com/checkoutnow?token=${id}`,
          rel: 'payer-action',
          method: 'GET',
        },
      ],
    };
    this.orders.set(id, order);
    return { status: 201, body: order };
  }

  private readOrder(id: string): FakeAnswer {
    const order = this.orders.get(id);
    return order ? { status: 200, body: order } : notFound();
  }

  private capture(id: string): FakeAnswer {
    const order = this.orders.get(id);
    if (!order) return notFound();
    if (order.status === 'COMPLETED')
      return unprocessable(
        'ORDER_ALREADY_CAPTURED',
        "Order already captured.If 'intent=CAPTURE' only one capture per order is allowed.",
      );
    if (order.status !== 'APPROVED')
      return unprocessable('ORDER_NOT_APPROVED', 'Payer has not yet approved the Order for payment.');
    if (this.declineInstrument)
      return unprocessable(
        'INSTRUMENT_DECLINED',
        'The instrument presented was either declined by the processor or bank.',
      );
    const unit = order.purchase_units[0]!;
    const capture: FakeCapture = {
      id: `3C679366HH90839${++this.count}`,
      status: this.nextCaptureStatus,
      amount: unit.amount,
      custom_id: unit.custom_id,
      supplementary_data: { related_ids: { order_id: id } },
    };
    unit.payments = { captures: [capture] };
    order.status = 'COMPLETED';
    this.captures.set(capture.id, { capture, orderId: id });
    return { status: 201, body: order };
  }

  private refund(captureId: string, body: Record<string, unknown>): FakeAnswer {
    const found = this.captures.get(captureId);
    if (!found) return notFound();
    if (found.capture.status === 'REFUNDED')
      return unprocessable('CAPTURE_FULLY_REFUNDED', 'The capture has already been fully refunded');
    const refund = {
      id: `1JU08902781691${++this.count}`,
      status: 'COMPLETED',
      amount: (body.amount as Money | undefined) ?? found.capture.amount,
    };
    found.capture.status = 'REFUNDED';
    const unit = this.order(found.orderId).purchase_units[0]!;
    unit.payments = { ...unit.payments, refunds: [...(unit.payments?.refunds ?? []), refund] };
    return { status: 201, body: refund };
  }

  private verify(body: Record<string, unknown>): FakeAnswer {
    const genuine =
      body.webhook_id === PAYPAL_WEBHOOK_ID &&
      body.transmission_sig === GOOD_SIGNATURE &&
      body.auth_algo === 'SHA256withRSA' &&
      typeof body.cert_url === 'string' &&
      typeof body.transmission_id === 'string' &&
      typeof body.transmission_time === 'string' &&
      typeof body.webhook_event === 'object' &&
      body.webhook_event !== null;
    return { status: 200, body: { verification_status: genuine ? 'SUCCESS' : 'FAILURE' } };
  }
}

function notFound(): FakeAnswer {
  return {
    status: 404,
    body: {
      name: 'RESOURCE_NOT_FOUND',
      message: 'The specified resource does not exist.',
      debug_id: 'f0e1d2c3b4a59',
      details: [
        {
          issue: 'INVALID_RESOURCE_ID',
          description: 'Specified resource ID does not exist. Please check the resource ID and try again.',
        },
      ],
    },
  };
}

export function unprocessable(issue: string, description: string): FakeAnswer {
  return {
    status: 422,
    body: {
      name: 'UNPROCESSABLE_ENTITY',
      message:
        'The requested action could not be performed, semantically incorrect, or failed business validation.',
      debug_id: 'a1b2c3d4e5f60',
      details: [{ issue, description }],
    },
  };
}
