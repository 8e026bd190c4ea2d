/**
 * The few Stripe API calls the adapter makes, answered the way api.stripe.com answers them (form-encoded
 * requests, JSON objects, error envelopes, idempotent replays by `Idempotency-Key`, refused when a
 * charge's key comes back with other parameters). Tests change a session's state the way a buyer paying on
 * Stripe's page would.
 */
import type { FakeAnswer, RecordedRequest } from '../../__tests__/recording-server.js';
import { FakeProviderApi } from '../../__tests__/recording-server.js';

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
  /**
   * Setup mode: the customer the card is saved for, and the SetupIntent once the card is entered. Payment
   * mode with `customer_creation: 'always'`: the customer Stripe creates when the buyer pays.
   */
  customer: string | null;
  customer_creation: string | null;
  /** `payment_intent_data[setup_future_usage]` (not shown on the session): the paying card is kept. */
  setup_future_usage: string | null;
  setup_intent: string | null;
  /** Subscription mode: the subscription and its first invoice, once paid. */
  subscription: string | null;
  invoice: string | null;
  subscription_metadata: Record<string, string>;
  line_items: {
    unit_amount: number;
    quantity: number;
    name: string;
    recurring: { interval: string; interval_count: number } | null;
  }[];
}

export interface FakeSubscription {
  id: string;
  object: 'subscription';
  status: string;
  metadata: Record<string, string>;
  ended_at: number | null;
  cancel_at_period_end?: boolean;
}

export interface FakeInvoice {
  id: string;
  object: 'invoice';
  status: 'paid';
  amount_paid: number;
  currency: string;
  billing_reason: string;
  created: number;
  parent: { type: 'subscription_details'; subscription_details: { subscription: string; metadata: null } };
  /** The payment intent that paid it (listed as an InvoicePayment, never on the invoice itself). */
  paidBy: string;
}

export interface FakePaymentIntent {
  id: string;
  object: 'payment_intent';
  status: string;
  amount: number;
  /**
   * Set when a session that keeps the card was paid (its customer, card and future usage), or by an
   * off-session charge of a saved card (its customer and card).
   */
  customer?: string;
  payment_method?: FakePaymentMethod;
  setup_future_usage?: string;
  metadata?: Record<string, string>;
  /** A declined off-session charge: Stripe keeps the intent, awaiting another payment method. */
  last_payment_error?: { type: 'card_error'; code: string; decline_code: string; message: string };
}

/**
 * Stripe's test payment methods the fake knows (the off-session charge's outcome), with their cards:
 * https://docs.stripe.com/testing#declined-payments.
 */
export const FAKE_PAYMENT_METHODS = {
  pm_card_visa: { last4: '4242', decline: null },
  pm_card_visa_chargeDeclinedInsufficientFunds: { last4: '9995', decline: 'insufficient_funds' },
  pm_card_chargeDeclinedExpiredCard: { last4: '0069', decline: 'expired_card' },
  /** 4000 0027 6000 3184: every payment needs the cardholder's approval, so off-session ones fail. */
  pm_card_authenticationRequired: { last4: '3184', decline: 'authentication_required' },
} as const;
export type FakePaymentMethod = keyof typeof FAKE_PAYMENT_METHODS;

export class FakeStripeApi extends FakeProviderApi {
  readonly sessions = new Map<string, FakeSession>();
  readonly customers = new Map<string, { id: string; email: string | null }>();
  /** `customer payment_method` pairs: cards attached to a customer (by a setup, or a payment that kept it). */
  readonly attached = new Set<string>();
  /** Off-session charges: the PaymentIntents created with a saved payment method. */
  readonly charges: { id: string; amount: number; customer: string; payment_method: string }[] = [];
  readonly intents = new Map<string, FakePaymentIntent>();
  readonly subscriptions = new Map<string, FakeSubscription>();
  readonly invoices: FakeInvoice[] = [];
  /** Coupons created through the API: id → cents off once. */
  readonly coupons = new Map<string, { id: string; amount_off: number; name: string | null }>();
  readonly refunds: {
    id: string;
    object: 'refund';
    status: string;
    amount: number;
    payment_intent: string;
  }[] = [];
  /** Makes the next created session cost something else than asked (a misbehaving API). */
  overrideAmountTotal: number | null = null;
  /**
   * Answers given once each to the first request `matches` picks, before it runs (so never replayed for
   * its idempotency key), as Stripe turns a request away when it limits the rate.
   */
  readonly refusals: { matches: (request: RecordedRequest) => boolean; answer: FakeAnswer }[] = [];

  /** The form each replayed charge (`POST /v1/payment_intents`) was first made with, by its replay key. */
  private readonly replayedForms = new Map<string, string>();

  /** Stripe forgets idempotency keys after 24 hours: a repeated request runs again. */
  forgetIdempotencyKeys(): void {
    this.replays.clear();
    this.replayedForms.clear();
  }

  /**
   * The buyer pays on Stripe's page: the session completes and its payment intent succeeds. A session
   * created with `customer_creation: 'always'` gets a new customer; one with `setup_future_usage` attaches
   * the card (`paymentMethod`) to it, as Stripe does.
   */
  pay(
    sessionId: string,
    intentStatus = 'succeeded',
    paymentStatus: FakeSession['payment_status'] = 'paid',
    paymentMethod: FakePaymentMethod = 'pm_card_visa',
  ): string {
    const session = this.session(sessionId);
    const intent: FakePaymentIntent = {
      id: `pi_${++this.count}`,
      object: 'payment_intent',
      status: intentStatus,
      amount: session.amount_total,
    };
    if (session.customer_creation === 'always') {
      const customer = { id: `cus_${++this.count}`, email: session.customer_email };
      this.customers.set(customer.id, customer);
      session.customer = customer.id;
    }
    if (session.setup_future_usage && session.customer) {
      Object.assign(intent, {
        customer: session.customer,
        payment_method: paymentMethod,
        setup_future_usage: session.setup_future_usage,
      });
      this.attached.add(`${session.customer} ${paymentMethod}`);
    }
    this.intents.set(intent.id, intent);
    Object.assign(session, {
      status: 'complete',
      payment_status: paymentStatus,
      payment_intent: intent.id,
      url: null,
    });
    return intent.id;
  }

  /** The buyer pays a subscription-mode session: a subscription starts with its first invoice paid. */
  paySubscription(sessionId: string): { subscriptionId: string; invoice: FakeInvoice } {
    const session = this.session(sessionId);
    const subscription: FakeSubscription = {
      id: `sub_${++this.count}`,
      object: 'subscription',
      status: 'active',
      metadata: session.subscription_metadata,
      ended_at: null,
    };
    this.subscriptions.set(subscription.id, subscription);
    const invoice = this.payInvoice(subscription.id, session.amount_total, 'subscription_create');
    Object.assign(session, {
      status: 'complete',
      payment_status: 'paid',
      subscription: subscription.id,
      invoice: invoice.id,
      url: null,
    });
    return { subscriptionId: subscription.id, invoice };
  }

  /** Stripe charges the next cycle of a subscription. */
  payInvoice(subscriptionId: string, amount: number, billingReason = 'subscription_cycle'): FakeInvoice {
    const intent: FakePaymentIntent = {
      id: `pi_${++this.count}`,
      object: 'payment_intent',
      status: 'succeeded',
      amount,
    };
    this.intents.set(intent.id, intent);
    const invoice: FakeInvoice = {
      id: `in_${++this.count}`,
      object: 'invoice',
      status: 'paid',
      amount_paid: amount,
      currency: 'usd',
      billing_reason: billingReason,
      created: this.count,
      parent: {
        type: 'subscription_details',
        subscription_details: { subscription: subscriptionId, metadata: null },
      },
      paidBy: intent.id,
    };
    this.invoices.push(invoice);
    return invoice;
  }

  /**
   * The charge of a payment intent as `charge.refunded` shows it: its amount, what is refunded of it so far
   * (`refunded` once all of it), and the order id its checkout's payment intent carried.
   */
  charge(intentId: string): Record<string, unknown> {
    const intent = this.intents.get(intentId);
    if (!intent) throw new Error(`no fake payment intent ${intentId}`);
    const refunded = this.refundedOf(intentId);
    const session = [...this.sessions.values()].find((entry) => entry.payment_intent === intentId);
    return {
      id: `ch_${intentId}`,
      object: 'charge',
      status: 'succeeded',
      amount: intent.amount,
      amount_captured: intent.amount,
      amount_refunded: refunded,
      refunded: refunded >= intent.amount,
      currency: 'usd',
      payment_intent: intentId,
      metadata: session?.mode === 'payment' ? session.metadata : {},
    };
  }

  /** The admin refunds `amount` of a payment (what is left of it by default) in Stripe's dashboard. */
  refundInDashboard(intentId: string, amount?: number): void {
    const intent = this.intents.get(intentId);
    if (!intent) throw new Error(`no fake payment intent ${intentId}`);
    this.refunds.push({
      id: `re_${++this.count}`,
      object: 'refund',
      status: 'succeeded',
      amount: amount ?? intent.amount - this.refundedOf(intentId),
      payment_intent: intentId,
    });
  }

  private refundedOf(intentId: string): number {
    return this.refunds
      .filter((refund) => refund.payment_intent === intentId)
      .reduce((sum, refund) => sum + refund.amount, 0);
  }

  /** The owner enters a card on Stripe's setup page: the setup session completes with that method. */
  completeSetup(sessionId: string, paymentMethod: FakePaymentMethod): void {
    const session = this.session(sessionId);
    this.attached.add(`${session.customer} ${paymentMethod}`);
    Object.assign(session, {
      status: 'complete',
      setup_intent: `seti_${paymentMethod}_${++this.count}`,
      url: null,
    });
  }

  session(id: string): FakeSession {
    const session = this.sessions.get(id);
    if (!session) throw new Error(`no fake session ${id}`);
    return session;
  }

  protected answer(request: RecordedRequest): FakeAnswer {
    if (request.headers.authorization !== `Bearer ${STRIPE_KEY}`) {
      return error(401, 'invalid_request_error', 'Invalid API Key provided: sk_test_***', undefined);
    }
    const failure = this.failures.shift();
    if (failure) return failure;
    const refused = this.refusals.findIndex((refusal) => refusal.matches(request));
    if (refused >= 0) return this.refusals.splice(refused, 1)[0]!.answer;
    const key = request.headers['idempotency-key'];
    const replayKey = typeof key === 'string' ? `${request.path} ${key}` : null;
    // Stripe compares a repeated request's parameters with the first's; checked here for the charges.
    const firstForm = replayKey ? this.replayedForms.get(replayKey) : undefined;
    if (firstForm !== undefined && firstForm !== sortedForm(request.body)) {
      return error(
        400,
        'idempotency_error',
        `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${String(key)}' if you meant to execute a different request.`,
        undefined,
      );
    }
    if (replayKey && this.replays.has(replayKey)) return this.replays.get(replayKey)!;
    const answer = this.route(request);
    if (replayKey && request.method === 'POST') {
      this.replays.set(replayKey, answer);
      if (request.path === '/v1/payment_intents') this.replayedForms.set(replayKey, sortedForm(request.body));
    }
    return answer;
  }

  private route(request: RecordedRequest): FakeAnswer {
    const form = new URLSearchParams(request.body);
    if (request.method === 'POST' && request.path === '/v1/checkout/sessions')
      return this.createSession(form);
    const sessionPath = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(request.path);
    if (request.method === 'GET' && sessionPath)
      return this.retrieveSession(decodeURIComponent(sessionPath[1]!), request.query);
    const expirePath = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(request.path);
    if (request.method === 'POST' && expirePath)
      return this.expireSession(decodeURIComponent(expirePath[1]!));
    if (request.method === 'POST' && request.path === '/v1/refunds') return this.createRefund(form);
    if (request.method === 'POST' && request.path === '/v1/customers') {
      const customer = { id: `cus_${++this.count}`, email: form.get('email') };
      this.customers.set(customer.id, customer);
      return { status: 200, body: { object: 'customer', ...customer } };
    }
    if (request.method === 'POST' && request.path === '/v1/payment_intents') return this.chargeSaved(form);
    if (request.method === 'GET' && request.path === '/v1/payment_intents')
      return this.listPaymentIntents(request.query);
    if (request.method === 'POST' && request.path === '/v1/coupons') {
      const coupon = {
        id: `coupon_${++this.count}`,
        amount_off: Number(form.get('amount_off')),
        name: form.get('name'),
      };
      if (!Number.isInteger(coupon.amount_off) || coupon.amount_off <= 0 || form.get('duration') !== 'once')
        return error(400, 'invalid_request_error', 'Invalid coupon.', undefined);
      this.coupons.set(coupon.id, coupon);
      return { status: 200, body: { object: 'coupon', ...coupon, currency: form.get('currency') } };
    }
    if (request.method === 'GET' && request.path === '/v1/invoices') return this.listInvoices(request.query);
    if (request.method === 'GET' && request.path === '/v1/invoice_payments')
      return this.listInvoicePayments(request.query);
    const subscriptionPath = /^\/v1\/subscriptions\/([^/]+)$/.exec(request.path);
    if (subscriptionPath) {
      const subscription = this.subscriptions.get(decodeURIComponent(subscriptionPath[1]!));
      if (!subscription)
        return error(
          404,
          'invalid_request_error',
          `No such subscription: '${subscriptionPath[1]}'`,
          'resource_missing',
        );
      if (request.method === 'DELETE') {
        if (subscription.status === 'canceled')
          return error(400, 'invalid_request_error', 'This subscription is already canceled.', undefined);
        Object.assign(subscription, { status: 'canceled', ended_at: 1 });
      }
      if (request.method === 'POST') {
        const form = new URLSearchParams(request.body);
        if (subscription.status === 'canceled')
          return error(
            400,
            'invalid_request_error',
            'A canceled subscription can only update its metadata.',
            undefined,
          );
        subscription.cancel_at_period_end = form.get('cancel_at_period_end') === 'true';
      }
      return { status: 200, body: subscription };
    }
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

  private listInvoices(query: URLSearchParams): FakeAnswer {
    const subscription = query.get('subscription');
    const status = query.get('status');
    const limit = Number(query.get('limit') ?? 10);
    const data = this.invoices
      .filter((invoice) => invoice.parent.subscription_details.subscription === subscription)
      .filter((invoice) => !status || invoice.status === status)
      .reverse() // newest first, as Stripe lists them
      .slice(0, limit)
      .map(({ paidBy: _paidBy, ...invoice }) => invoice);
    return { status: 200, body: { object: 'list', data, has_more: false, url: '/v1/invoices' } };
  }

  /** By `invoice`, or by the payment intent that paid it (`payment[type]=payment_intent`). */
  private listInvoicePayments(query: URLSearchParams): FakeAnswer {
    const intent =
      query.get('payment[type]') === 'payment_intent' ? query.get('payment[payment_intent]') : null;
    const invoice = this.invoices.find((entry) =>
      intent ? entry.paidBy === intent : entry.id === query.get('invoice'),
    );
    const data = invoice
      ? [
          {
            id: `inpay_${invoice.id}`,
            object: 'invoice_payment',
            invoice: invoice.id,
            status: 'paid',
            amount_paid: invoice.amount_paid,
            currency: invoice.currency,
            is_default: true,
            payment: { type: 'payment_intent', payment_intent: invoice.paidBy },
          },
        ]
      : [];
    return { status: 200, body: { object: 'list', data, has_more: false, url: '/v1/invoice_payments' } };
  }

  private createSession(form: URLSearchParams): FakeAnswer {
    const lineItems: FakeSession['line_items'] = [];
    for (let i = 0; form.has(`line_items[${i}][quantity]`); i++) {
      const interval = form.get(`line_items[${i}][price_data][recurring][interval]`);
      lineItems.push({
        quantity: Number(form.get(`line_items[${i}][quantity]`)),
        unit_amount: Number(form.get(`line_items[${i}][price_data][unit_amount]`)),
        name: form.get(`line_items[${i}][price_data][product_data][name]`) ?? '',
        recurring: interval
          ? {
              interval,
              interval_count: Number(
                form.get(`line_items[${i}][price_data][recurring][interval_count]`) ?? 1,
              ),
            }
          : null,
      });
    }
    const mode = form.get('mode') ?? '';
    const customer = form.get('customer');
    if (mode === 'setup' && (!customer || !this.customers.has(customer)))
      return error(400, 'invalid_request_error', `No such customer: '${customer}'`, 'resource_missing');
    if (mode === 'subscription' && !lineItems.some((line) => line.recurring)) {
      return error(
        400,
        'invalid_request_error',
        'You must provide at least one recurring price in `subscription` mode.',
        undefined,
      );
    }
    if (mode === 'subscription' && form.has('payment_intent_data[metadata][orderId]')) {
      return error(
        400,
        'invalid_request_error',
        'You can not pass `payment_intent_data` in `subscription` mode.',
        undefined,
      );
    }
    if (mode === 'payment' && lineItems.some((line) => line.recurring)) {
      return error(
        400,
        'invalid_request_error',
        'You must provide at least one recurring price in `subscription` mode when using recurring prices.',
        undefined,
      );
    }
    const customerCreation = form.get('customer_creation');
    if (customerCreation && (mode !== 'payment' || customer))
      return error(
        400,
        'invalid_request_error',
        '`customer_creation` can only be used in `payment` mode without `customer`.',
        undefined,
      );
    const couponId = form.get('discounts[0][coupon]');
    const coupon = couponId ? this.coupons.get(couponId) : undefined;
    if (couponId && !coupon)
      return error(400, 'invalid_request_error', `No such coupon: '${couponId}'`, 'resource_missing');
    const id = `cs_test_${++this.count}`;
    const session: FakeSession = {
      id,
      object: 'checkout.session',
      mode: form.get('mode') ?? '',
      status: 'open',
      payment_status: 'unpaid',
      amount_total:
        this.overrideAmountTotal ??
        lineItems.reduce((sum, line) => sum + line.unit_amount * line.quantity, 0) -
          (coupon?.amount_off ?? 0),
      currency: form.get('line_items[0][price_data][currency]') ?? 'usd',
      customer_email: form.get('customer_email'),
      client_reference_id: form.get('client_reference_id'),
      metadata: { orderId: form.get('metadata[orderId]') ?? '' },
      success_url: form.get('success_url') ?? '',
      cancel_url: form.get('cancel_url') ?? '',
      url: `https://checkout.stripe.com/c/pay/${id}`,
      payment_intent: null,
      customer,
      customer_creation: customerCreation,
      setup_future_usage: form.get('payment_intent_data[setup_future_usage]'),
      setup_intent: null,
      subscription: null,
      invoice: null,
      subscription_metadata:
        mode === 'subscription' ? { orderId: form.get('subscription_data[metadata][orderId]') ?? '' } : {},
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

  /** Only an open session expires (its page then takes no payment); Stripe refuses the others. */
  private expireSession(id: string): FakeAnswer {
    const session = this.sessions.get(id);
    if (!session)
      return error(404, 'invalid_request_error', `No such checkout.session: '${id}'`, 'resource_missing');
    if (session.status !== 'open') {
      return error(
        400,
        'invalid_request_error',
        'Only Checkout Sessions with a status in ["open"] can be expired.',
        undefined,
      );
    }
    Object.assign(session, { status: 'expired', url: null });
    return { status: 200, body: this.render(session, []) };
  }

  private render(session: FakeSession, expand: string[]): Record<string, unknown> {
    const {
      line_items: lines,
      subscription_metadata: _metadata,
      setup_future_usage: _usage,
      ...rest
    } = session;
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
    if (expand.includes('setup_intent.payment_method') && session.setup_intent) {
      const method = /^seti_(.+)_\d+$/.exec(session.setup_intent)![1] as FakePaymentMethod;
      body.setup_intent = {
        id: session.setup_intent,
        object: 'setup_intent',
        status: 'succeeded',
        payment_method: paymentMethodObject(method),
      };
    }
    if (expand.includes('payment_intent') && session.payment_intent) {
      const intent = this.intents.get(session.payment_intent);
      body.payment_intent =
        intent?.payment_method && expand.includes('payment_intent.payment_method')
          ? { ...intent, payment_method: paymentMethodObject(intent.payment_method) }
          : (intent ?? session.payment_intent);
    }
    return body;
  }

  /** `POST /v1/payment_intents` with `off_session` and `confirm`: charged, or a card error (402). */
  private chargeSaved(form: URLSearchParams): FakeAnswer {
    const method = form.get('payment_method') ?? '';
    const customer = form.get('customer') ?? '';
    const known = FAKE_PAYMENT_METHODS[method as FakePaymentMethod];
    if (
      !known ||
      form.get('off_session') !== 'true' ||
      form.get('confirm') !== 'true' ||
      !this.customers.has(customer)
    )
      return error(400, 'invalid_request_error', 'Invalid off-session payment.', undefined);
    if (!this.attached.has(`${customer} ${method}`))
      return error(
        400,
        'invalid_request_error',
        `The provided PaymentMethod was previously used without being attached to a Customer or was detached from a Customer, and may not be used again.`,
        undefined,
      );
    const intent: FakePaymentIntent = {
      id: `pi_${++this.count}`,
      object: 'payment_intent',
      status: 'succeeded',
      amount: Number(form.get('amount')),
      customer,
      payment_method: method as FakePaymentMethod,
      metadata: metadataOf(form),
    };
    this.intents.set(intent.id, intent);
    if (known.decline) {
      // Stripe keeps the declined intent (listed with the customer's) and names it in the error.
      const cardError = { type: 'card_error' as const, ...CARD_ERRORS[known.decline] };
      Object.assign(intent, { status: 'requires_payment_method', last_payment_error: cardError });
      return { status: 402, body: { error: { ...cardError, payment_intent: intent } } };
    }
    this.charges.push({ id: intent.id, amount: intent.amount, customer, payment_method: method });
    return { status: 200, body: intent };
  }

  /** `GET /v1/payment_intents?customer=…`: the customer's intents, newest first, a page at a time. */
  private listPaymentIntents(query: URLSearchParams): FakeAnswer {
    const customer = query.get('customer');
    const limit = Number(query.get('limit') ?? 10);
    const after = query.get('starting_after');
    const all = [...this.intents.values()]
      .filter((intent) => !customer || intent.customer === customer)
      .reverse();
    const from = after ? all.findIndex((intent) => intent.id === after) + 1 : 0;
    const data = all.slice(from, from + limit);
    return {
      status: 200,
      body: { object: 'list', data, has_more: from + limit < all.length, url: '/v1/payment_intents' },
    };
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

/** Stripe's card errors for the fake's declining cards (https://docs.stripe.com/declines/codes). */
const CARD_ERRORS = {
  insufficient_funds: {
    code: 'card_declined',
    decline_code: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
  },
  expired_card: { code: 'expired_card', decline_code: 'expired_card', message: 'Your card has expired.' },
  authentication_required: {
    code: 'authentication_required',
    decline_code: 'authentication_required',
    message: 'Your card was declined. This transaction requires authentication.',
  },
} as const;

/** A form's parameters in one order, to compare two requests' parameters. */
function sortedForm(body: string): string {
  const form = new URLSearchParams(body);
  form.sort();
  return form.toString();
}

/** The `metadata[…]` fields of a form. */
function metadataOf(form: URLSearchParams): Record<string, string> {
  const metadata: Record<string, string> = {};
  for (const [name, value] of form) {
    const field = /^metadata\[(.+)\]$/.exec(name)?.[1];
    if (field) metadata[field] = value;
  }
  return metadata;
}

function paymentMethodObject(method: FakePaymentMethod): Record<string, unknown> {
  return {
    id: method,
    object: 'payment_method',
    type: 'card',
    card: { brand: 'visa', last4: FAKE_PAYMENT_METHODS[method].last4, exp_month: 12, exp_year: 2034 },
  };
}
