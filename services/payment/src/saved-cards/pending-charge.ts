/**
 * A charge of a card on file made exactly once, whatever fails around it (a plan's instalments:
 * payment-plans/pending-charges.ts; a share's collection: share-collection-charges.ts): its idempotency
 * key, amount and card are committed as pending, on what it pays, before the provider is asked; the answer
 * is recorded, and the mark cleared, in one transaction holding the lock of what it pays. A mark found
 * without its answer (that transaction failed, or the process stopped after the provider answered) is
 * settled by asking again with the same key, amount and card, which the provider answers with the first
 * charge, before what it pays is charged or paid any other way, or refunded. The provider forgets keys
 * (Stripe after 24 hours): a mark asked longer ago than KEY_KEPT_MS is first looked up by the key its charge
 * carries, and asked again only when no charge was made.
 */
import { HOUR } from '@platform/service-kit/clock';
import type { PaymentDeps } from '../runtime.js';
import { ChargeRefusedError, type CardCharge } from './card-vault.js';
import { vaultOfCard } from './card-vaults.js';
import type { SavedCardRow } from './saved-cards.tables.js';

/** A charge asked of the card's provider whose answer is not recorded yet. */
export interface PendingCharge {
  /** The provider's idempotency key: asked again with it, the provider answers the first charge. */
  key: string;
  /** Cents: the whole charge. */
  amount: number;
  /** The card asked: asked again, the same one (the card on file may have been replaced since). */
  card: Pick<SavedCardRow, 'provider' | 'providerCustomerId' | 'providerPaymentMethodId'>;
  /**
   * When it was first asked (ISO 8601). Absent on marks kept before it was recorded, whose charge carries no
   * key to be found by: they are asked again exactly as they were first asked.
   */
  askedAt?: string;
}

/** Stripe keeps an idempotency key for at least 24 hours: a mark older than this may be forgotten. */
export const KEY_KEPT_MS = 23 * HOUR;

/** The provider's answer; 'refused': it charged nothing (the mark goes, as if never asked). */
export type AskedCharge = CardCharge | { status: 'refused'; error: ChargeRefusedError };

/** The card a charge names, kept with it so that asking again names the same one. */
export function cardAsked(card: SavedCardRow): PendingCharge['card'] {
  return {
    provider: card.provider,
    providerCustomerId: card.providerCustomerId,
    providerPaymentMethodId: card.providerPaymentMethodId,
  };
}

/**
 * Asks the provider for the pending charge (again: the same key, amount and card; first looked up when the
 * provider may have forgotten the key). Throws on any failure that may have charged (no answer, no vault
 * for its provider any more): the mark must stay, to be asked again.
 */
export async function askPendingCharge(deps: PaymentDeps, pending: PendingCharge): Promise<AskedCharge> {
  const vault = vaultOfCard(deps, pending.card.provider);
  // Left pending: asked again once its provider is configured again.
  if (!vault) throw new Error(`no ${pending.card.provider} card vault to settle the charge ${pending.key}`);
  const askedAt = pending.askedAt === undefined ? null : Date.parse(pending.askedAt);
  try {
    // Asked again with a key the provider forgot, it would charge a second time.
    if (askedAt !== null && !(deps.clock.now().getTime() - askedAt < KEY_KEPT_MS)) {
      const found = await vault.findCharge(pending.card, pending.key);
      if (found) return found;
    }
    return await vault.charge(pending.card, pending.amount, pending.key, { findable: askedAt !== null });
  } catch (error) {
    if (error instanceof ChargeRefusedError) return { status: 'refused', error };
    throw error;
  }
}
