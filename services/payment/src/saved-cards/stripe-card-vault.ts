/**
 * The card on file with Stripe (docs/decisions.md, 89): a Checkout Session in setup mode for a customer
 * of the owner's (Stripe's page confirms the SetupIntent; nothing is charged), and later an off-session
 * PaymentIntent confirmed at once. Every write carries an idempotency key: the setup's id, the
 * collection's, or the refunded payment's. A charge also carries its key in its metadata: once Stripe has
 * forgotten the key (24 hours), the charge is found among the customer's PaymentIntents (a list, strongly
 * consistent, where search is not).
 */
import Stripe from 'stripe';
import { PaymentProviderError } from '../providers/payment-provider.js';
import type { KeptCard } from '../providers/payment-provider.js';
import {
  apiBaseOptions,
  cardOnFile,
  refundStripePayment,
  toProviderError,
  withSessionIdPlaceholder,
} from '../providers/stripe/stripe-provider.js';
import {
  ChargeRefusedError,
  type CardCharge,
  type CardVault,
  type ChargedCard,
  type ChargeOptions,
} from './card-vault.js';

/** Declines a retry cannot mend (Stripe's decline codes): the card is not tried again. */
export const HARD_DECLINE_CODES = new Set([
  'expired_card',
  'lost_card',
  'stolen_card',
  'pickup_card',
  'fraudulent',
  'restricted_card',
  'invalid_account',
  'card_not_supported',
  'incorrect_number',
  'invalid_expiry_year',
  'authentication_required',
]);

/** Stripe's own words for an off-session payment the bank wants the cardholder to approve. */
const AUTHENTICATION_REQUIRED = 'Your card was declined. This transaction requires authentication.';

/** The PaymentIntent's metadata field holding the charge's idempotency key. */
export const CHARGE_KEY_METADATA = 'charge_key';

export interface StripeCardSetup {
  sessionId: string;
  url: string;
}

export class StripeCardVault implements CardVault {
  readonly provider = 'stripe' as const;
  private readonly stripe: Stripe;

  constructor(options: { secretKey: string; apiBase?: string }) {
    this.stripe = new Stripe(options.secretKey, {
      ...apiBaseOptions(options.apiBase),
      maxNetworkRetries: 2,
      timeout: 20_000,
      telemetry: false,
      appInfo: { name: 'restaurant-consultant-payment' },
    });
  }

  /** Stripe's page for the owner to enter a card; `setupId` is ours (idempotency). */
  async startSetup(
    owner: { userId: string; email: string },
    setupId: string,
    urls: { successUrl: string; cancelUrl: string },
  ): Promise<StripeCardSetup> {
    const customer = await this.call('create the customer', () =>
      this.stripe.customers.create(
        { email: owner.email, metadata: { userId: owner.userId } },
        { idempotencyKey: `customer:${setupId}` },
      ),
    );
    const session = await this.call('create the setup session', () =>
      this.stripe.checkout.sessions.create(
        {
          mode: 'setup',
          customer: customer.id,
          currency: 'usd',
          success_url: withSessionIdPlaceholder(urls.successUrl),
          cancel_url: urls.cancelUrl,
          metadata: { userId: owner.userId, setupId },
        },
        { idempotencyKey: `setup:${setupId}` },
      ),
    );
    if (!session.url)
      throw new PaymentProviderError('stripe', 'Stripe answered a setup session without a page');
    return { sessionId: session.id, url: session.url };
  }

  /** The card the owner saved on the setup session, as Stripe says; null while it is not complete. */
  async completedCard(sessionId: string): Promise<KeptCard | null> {
    const session = await this.call('read the setup session', () =>
      this.stripe.checkout.sessions.retrieve(sessionId, { expand: ['setup_intent.payment_method'] }),
    );
    const intent = session.setup_intent;
    if (
      session.status !== 'complete' ||
      !intent ||
      typeof intent === 'string' ||
      intent.status !== 'succeeded'
    )
      return null;
    const customer = typeof session.customer === 'string' ? session.customer : session.customer?.id;
    return customer ? cardOnFile(customer, intent.payment_method) : null;
  }

  async charge(
    card: ChargedCard,
    amount: number,
    idempotencyKey: string,
    options: ChargeOptions = {},
  ): Promise<CardCharge> {
    try {
      const intent = await this.stripe.paymentIntents.create(
        {
          amount,
          currency: 'usd',
          customer: card.providerCustomerId ?? undefined,
          payment_method: card.providerPaymentMethodId,
          off_session: true,
          confirm: true,
          // Stripe refuses a key asked again with other parameters: a charge first asked without its key
          // in the metadata is asked again without it.
          ...(options.findable === false ? {} : { metadata: { [CHARGE_KEY_METADATA]: idempotencyKey } }),
        },
        { idempotencyKey },
      );
      return chargeOfIntent(intent);
    } catch (error) {
      if (error instanceof Stripe.errors.StripeCardError)
        return declineOf(error.code, error.decline_code, error.message);
      if (
        error instanceof Stripe.errors.StripeInvalidRequestError &&
        (error.statusCode === 400 || error.statusCode === 404)
      ) {
        throw new ChargeRefusedError(
          'stripe',
          `Stripe refused to charge the card on file: ${error.message}`,
          error.statusCode,
          error.code ?? null,
        );
      }
      throw new PaymentProviderError('stripe', `Stripe could not charge the card on file: ${String(error)}`);
    }
  }

  async findCharge(card: ChargedCard, idempotencyKey: string): Promise<CardCharge | null> {
    const customer = card.providerCustomerId;
    // Every card on file with Stripe has its customer (cardOnFile); without one, what was charged is unknown.
    if (!customer)
      throw new PaymentProviderError('stripe', `no Stripe customer to find the charge ${idempotencyKey} of`);
    const found = await this.call('find the charge of the card on file', async () => {
      let match: Stripe.PaymentIntent | null = null;
      // Newest first; one key makes one charge, unless asked again after it was not found (then that one).
      for await (const intent of this.stripe.paymentIntents.list({ customer, limit: 100 })) {
        if (intent.metadata?.[CHARGE_KEY_METADATA] !== idempotencyKey) continue;
        match ??= intent;
        if (intent.status === 'succeeded') return intent;
      }
      return match;
    });
    return found ? chargeOfIntent(found) : null;
  }

  async refund(providerPaymentId: string): Promise<{ refundId: string }> {
    return refundStripePayment(
      this.stripe,
      { payment_intent: providerPaymentId },
      { idempotencyKey: `refund:${providerPaymentId}` },
    );
  }

  private async call<T>(action: string, request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (error) {
      throw toProviderError(action, error);
    }
  }
}

/** A charge's PaymentIntent as a charge's outcome (also one found later, declined: its last error). */
function chargeOfIntent(intent: Stripe.PaymentIntent): CardCharge {
  if (intent.status === 'succeeded') return { status: 'paid', providerPaymentId: intent.id };
  if (intent.status === 'requires_action')
    return { status: 'hard-decline', message: AUTHENTICATION_REQUIRED, authenticationRequired: true };
  const error = intent.last_payment_error;
  if (error?.type === 'card_error') return declineOf(error.code, error.decline_code, error.message);
  return { status: 'declined', message: `The payment is ${intent.status.replace(/_/g, ' ')}.` };
}

/** A card error as a decline: hard when a retry cannot mend it. */
function declineOf(
  code: string | undefined,
  declineCode: string | undefined,
  message: string | undefined,
): CardCharge {
  const reason = declineCode ?? code ?? '';
  return {
    status: HARD_DECLINE_CODES.has(reason) ? 'hard-decline' : 'declined',
    message: (message || 'Your card was declined.').slice(0, 500),
    ...(reason === 'authentication_required' || code === 'authentication_required'
      ? { authenticationRequired: true }
      : {}),
  };
}
