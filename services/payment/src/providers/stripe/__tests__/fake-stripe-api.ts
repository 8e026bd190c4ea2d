/**
 * The few Stripe API calls the adapter makes, answered the way api.stripe.com answers them (form-encoded
 * requests, JSON objects, error envelopes, idempotent replays by `Idempotency-Key`). Tests change a
 * session's state the way a buyer paying on Stripe's page would.
 */
import type { FakeAnswer, RecordedRequest, RecordingServer } from '../../__tests__/recording-server.js';
import { startRecordingServer } from '../../__tests__/recording-server.js';

export const STRIPE_KEY = 'sk_test_adapter_key_123';

export interface FakeSession {
  id: string;
  object: 'checkout.session';
  mode: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  amount_total: number;
  currency: string;
  customer_email: string | null;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string;
  url: string | null;
  payment_intent: string | null;
  line_items: { unit_amount: number; quantity: number; name: string }[];
}

export interface FakePaymentIntent {
  id: string;
  object: 'payment_intent';
  status: string;
  amount: number;
}

export class FakeStripeApi {
  readonly sessions = new Map<string, FakeSession>();
  readonly intents = new Map<string, FakePaymentIntent>();
  readonly refunds: {
    id: string;
    object: 'refund';
    status: string;
    amount: number;
    payment_intent: string;
  }[] = [];
  /** Answers waiting to be given instead of the normal one (first in, first out). */
  readonly failures: FakeAnswer[] = [];
  /** Makes the next created session cost something else than asked (a misbehaving API). */
  overrideAmountTotal: number | null = null;
  private readonly replays = new Map<string, FakeAnswer>();
  private count = 0;
  server!: RecordingServer;

  static async start(): Promise<FakeStripeApi> {
    const api = new FakeStripeApi();
    api.server = await startRecordingServer((request) => api.answer(request));
    return api;
  }

  get url(): string {
    return this.server.url;
  }

  close(): Promise<void> {
    return this.server.close();
  }

  /** The buyer pays on Stripe's page: the session completes and its payment intent succeeds. */
  pay(
    sessionId: string,
    intentStatus = 'succeeded',
    paymentStatus: FakeSession['payment_status'] = 'paid',
  ): string {
    const session = this.session(sessionId);
    const intent: FakePaymentIntent = {
      id: `pi_${++this.count}`,
      object: 'payment_intent',
      status: intentStatus,
      amount: session.amount_total,
    };
    this.intents.set(intent.id, intent);
    Object.assign(session, {
      status: 'complete',
      payment_status: paymentStatus,
      payment_intent: intent.id,
      url: null,
    });
    return intent.id;
  }

  session(id: string): FakeSession {
    const session = this.sessions.get(id);
    if (!session) throw new Error(`no fake session ${id}`);
    return session;
  }

  private answer(request: RecordedRequest): FakeAnswer {
    if (request.headers.authorization !== `Bearer ${STRIPE_KEY}`) {
      return error(401, 'invalid_request_error', 'Invalid API Key provided: sk_test_***', undefined);
    }
    const failure = this.failures.shift();
    if (failure) return failure;
    const key = request.headers['idempotency-key'];
    const replayKey = typeof key === 'string' ? `${request.path} ${key}` : null;
    if (replayKey && this.replays.has(replayKey)) return this.replays.get(replayKey)!;
    const answer = this.route(request);
    if (replayKey && request.method === 'POST') this.replays.set(replayKey, answer);
    return answer;
  }

  private route(request: RecordedRequest): FakeAnswer {
    const form = new URLSearchParams(request.body);
    if (request.method === 'POST' && request.path === '/v1/checkout/sessions')
      return this.createSession(form);
    const sessionPath = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(request.path);
    if (request.method === 'GET' && sessionPath)
      return this.retrieveSession(decodeURIComponent(sessionPath[1]!), request.query);
    if (request.method === 'POST' && request.path === '/v1/refunds') return this.createRefund(form);
    if (request.method === 'GET' && request.path === '/v1/refunds') {
      const intent = request.query.get('payment_intent');
      const data = this.refunds.filter((refund) => refund.payment_intent === intent);
      return { status: 200, body: { object: 'list', data, has_more: false, url: '/v1/refunds' } };
    }
    return error(
      404,
      'invalid_request_error',
      `Unrecognized request URL (${request.method}: ${request.path}).`,
      undefined,
    );
  }

  private createSession(form: URLSearchParams): FakeAnswer {
    const lineItems: FakeSession['line_items'] = [];
    for (let i = 0; form.has(`line_items[${i}][quantity]`); i++) {
      lineItems.push({
        quantity: Number(form.get(`line_items[${i}][quantity]`)),
        unit_amount: Number(form.get(`line_items[${i}][price_data][unit_amount]`)),
        name: form.get(`line_items[${i}][price_data][product_data][name]`) ?? '',
      });
    }
    const id = `cs_test_${++this.count}`;
    const session: FakeSession = {
      id,
      object: 'checkout.session',
      mode: form.get('mode') ?? '',
      status: 'open',
      payment_status: 'unpaid',
      amount_total:
        this.overrideAmountTotal ??
        lineItems.reduce((sum, line) => sum + line.unit_amount * line.quantity, 0),
      currency: form.get('line_items[0][price_data][currency]') ?? 'usd',
      customer_email: form.get('customer_email'),
      client_reference_id: form.get('client_reference_id'),
      metadata: { orderId: form.get('metadata[orderId]') ?? '' },
      success_url: form.get('success_url') ?? '',
      cancel_url: form.get('cancel_url') ?? '',
      url: `https://checkout.stripe.com/c/pay/${id}`,
      payment_intent: null,
      line_items: lineItems,
    };
    this.overrideAmountTotal = null;
    this.sessions.set(id, session);
    return { status: 200, body: this.render(session, []) };
  }

  private retrieveSession(id: string, query: URLSearchParams): FakeAnswer {
    const session = this.sessions.get(id);
    if (!session)
      return error(404, 'invalid_request_error', `No such checkout.session: '${id}'`, 'resource_missing');
    const expand = [...query.entries()]
      .filter(([name]) => name.startsWith('expand['))
      .map(([, value]) => value);
    return { status: 200, body: this.render(session, expand) };
  }

  private render(session: FakeSession, expand: string[]): Record<string, unknown> {
    const { line_items: lines, ...rest } = session;
    const body: Record<string, unknown> = { ...rest };
    if (expand.includes('line_items')) {
      body.line_items = {
        object: 'list',
        has_more: false,
        url: `/v1/checkout/sessions/${session.id}/line_items`,
        data: lines.map((line, index) => ({
          id: `li_${index}`,
          object: 'item',
          description: line.name,
          quantity: line.quantity,
          amount_total: line.unit_amount * line.quantity,
          currency: session.currency,
        })),
      };
    }
    if (expand.includes('payment_intent') && session.payment_intent) {
      body.payment_intent = this.intents.get(session.payment_intent) ?? session.payment_intent;
    }
    return body;
  }

  private createRefund(form: URLSearchParams): FakeAnswer {
    const intentId = form.get('payment_intent') ?? '';
    const intent = this.intents.get(intentId);
    if (!intent)
      return error(404, 'invalid_request_error', `No such payment_intent: '${intentId}'`, 'resource_missing');
    if (this.refunds.some((refund) => refund.payment_intent === intentId)) {
      return error(
        400,
        'invalid_request_error',
        `Charge for ${intentId} has already been refunded.`,
        'charge_already_refunded',
      );
    }
    const refund = {
      id: `re_${++this.count}`,
      object: 'refund' as const,
      status: 'succeeded',
      amount: Number(form.get('amount') ?? intent.amount),
      payment_intent: intentId,
    };
    this.refunds.push(refund);
    return { status: 200, body: refund };
  }
}

export function error(status: number, type: string, message: string, code: string | undefined): FakeAnswer {
  return { status, body: { error: { type, message, ...(code ? { code } : {}) } } };
}
