/**
 * What keeping a card on file asks of a provider: a page where the owner enters the card (nothing
 * charged), and later an off-session charge of it. The test provider's vault is here; it is chosen by the
 * same rule as the card payments (runtime.ts): the test provider when Stripe is not configured.
 */
import { randomBytes } from 'node:crypto';
import { TEST_SAVED_CARDS, type TestSavedCardBehaviour } from '@platform/contracts';
import { PaymentProviderError } from '../providers/payment-provider.js';
import type { SavedCardRow } from './saved-cards.tables.js';

/**
 * A charge's outcome: paid (with the provider's payment id), or a decline the schedule retries or not;
 * `authenticationRequired` when the bank wants the cardholder to approve the payment themselves (a hard
 * decline: charging off-session again cannot mend it).
 */
export type CardCharge =
  | { status: 'paid'; providerPaymentId: string }
  | { status: 'declined' | 'hard-decline'; message: string; authenticationRequired?: boolean };

/**
 * The provider refused the charge request itself, charging nothing (the saved payment method no longer
 * attached, …); asked again with its key, it answers the same. Any other failure may have charged.
 */
export class ChargeRefusedError extends PaymentProviderError {
  override name = 'ChargeRefusedError';
}

/** What a charge needs of a saved card: asked again with the same key, the same card must be named. */
export type ChargedCard = Pick<SavedCardRow, 'providerCustomerId' | 'providerPaymentMethodId'>;

export interface ChargeOptions {
  /**
   * The charge carries its key, for findCharge (the default). false: asked exactly as charges were before
   * they carried it, so that the provider, still knowing the key, answers the first charge.
   */
  findable?: boolean;
}

export interface CardVault {
  readonly provider: SavedCardRow['provider'];
  /**
   * Charges the saved card off-session; the same `idempotencyKey` never charges twice while the provider
   * keeps it (Stripe: 24 hours).
   */
  charge(
    card: ChargedCard,
    amount: number,
    idempotencyKey: string,
    options?: ChargeOptions,
  ): Promise<CardCharge>;
  /**
   * The outcome of the findable charge made with `idempotencyKey`, asked of the provider whether or not it
   * still keeps the key; null when no such charge was made (nothing charged).
   */
  findCharge(card: ChargedCard, idempotencyKey: string): Promise<CardCharge | null>;
  /** Refunds one of those charges in full, once per payment (the provider's idempotency); its refund id. */
  refund(providerPaymentId: string): Promise<{ refundId: string }>;
}

export const TEST_CARD_SETUP_PATH = '/api/test-card-setup';

const TEST_PAYMENT_METHOD = /^test_pm_(pays|declines|hard-declines)_[a-f0-9]+$/;

/** The test provider's card on file: the tester's pick decides how its charges behave. */
export const testCardVault: CardVault = {
  provider: 'test',
  async charge(card, _amount, idempotencyKey) {
    const behaviour = TEST_PAYMENT_METHOD.exec(card.providerPaymentMethodId)?.[1];
    if (behaviour === 'pays') return { status: 'paid', providerPaymentId: `test_pay_${idempotencyKey}` };
    if (behaviour === 'declines') return { status: 'declined', message: 'Your card has insufficient funds.' };
    return { status: 'hard-decline', message: 'Your card has expired.' };
  },
  // The test provider answers a key the same way for ever: what charging with it answers is what it made.
  async findCharge(card, idempotencyKey) {
    return testCardVault.charge(card, 0, idempotencyKey);
  },
  async refund(providerPaymentId) {
    return { refundId: `test_re_${providerPaymentId}` };
  },
};

/** The row the test provider's page saves for the card the tester picked (expires in three years). */
export function testSavedCard(
  owner: { userId: string; email: string },
  behaviour: TestSavedCardBehaviour,
  now: Date,
): SavedCardRow {
  return {
    userId: owner.userId,
    email: owner.email,
    name: '',
    provider: 'test',
    providerCustomerId: null,
    providerPaymentMethodId: `test_pm_${behaviour}_${randomBytes(6).toString('hex')}`,
    brand: 'Visa',
    last4: TEST_SAVED_CARDS[behaviour].last4,
    expMonth: 12,
    expYear: now.getUTCFullYear() + 3,
    savedAt: now,
  };
}
